import type { ChangedTool } from "./page-plan.ts";
import type { RenderScope } from "./scope.ts";

/**
 * What the scheduler asks of a render worker (rebuild/worker.ts) over IPC, one request at a time:
 * a full build into `outDir` (`scope` narrows it; a warm-up renders nothing, reading what the live
 * build `liveDir` shows of alternatives), or a re-render of `paths` and removal of `remove` inside
 * the live build `dir`, plus the pages the `changed` tools move in other tools' alternatives.
 */
export type WorkerRequest =
  | { type: "build"; outDir: string; scope?: RenderScope; liveDir?: string }
  | {
      type: "render";
      dir: string;
      paths: string[];
      remove: string[];
      scope: RenderScope;
      changed: ChangedTool[];
    };

/** The worker's answer to one request: pages counted, or why it failed (a stack trace). */
export type WorkerReply =
  | { type: "built"; pages: number }
  | { type: "rendered"; written: number; removed: number }
  | { type: "failed"; error: string };
