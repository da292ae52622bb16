import type { ChangedTool } from "./change.ts";
import type { RenderScope, Share } from "./scope.ts";

/**
 * How many pages that read a changed record one pass renders at most. A category renamed at 100k
 * tools is read by about 10,000 pages: its own pages go live first, then its readers (the lists
 * first) in batches of this size, each live as it is written. A change made meanwhile waits for
 * at most the batch under way: 50 pages are 1-2 s at 100k tools (a tag page lists thousands).
 */
export const READERS_PER_PASS = 50;
/** And for at most this long (at least one page): at 100k tools a tag page takes 0.1 s. */
export const READERS_BATCH_MS = 500;

/** The social cards a pass's pages refer to (hashes) and how many were missing and drawn. */
export type CardsDrawn = { referenced: string[]; drawn: number };

/**
 * What the scheduler asks of a render worker (rebuild/worker.ts) over IPC, one request at a time:
 * a full build into `outDir` (`scope` narrows it; a warm-up renders nothing, reading what the live
 * build `liveDir` shows of alternatives; `share` is this worker's part of a split build; files
 * equal to those of the build in `linkFrom` become hard links to them), a re-render of `paths`
 * and removal of `remove` inside the live build `dir` plus the pages the `changed` tools move in
 * other tools' alternatives, or (before a split build) the content version its snapshot of the
 * database reads, the snapshot opened on the first request and moved to the latest commits on
 * the next.
 */
export type WorkerRequest =
  | { type: "build"; outDir: string; scope?: RenderScope; liveDir?: string; share?: Share; linkFrom?: string }
  | {
      type: "render";
      dir: string;
      paths: string[];
      remove: string[];
      scope: RenderScope;
      changed: ChangedTool[];
      /**
       * Records changed beyond the tools (db/page-reads.ts): the pages that read them render too,
       * at most `readersPerPass` of them (the others are `deferred` in the reply).
       */
      keys: string[];
      /** Pages to render as readers are (in the batch while it has time): those an earlier batch left. */
      readers: string[];
      readersPerPass: number;
      /** How long the readers of one batch may take (at least one renders). */
      batchMs: number;
    }
  | { type: "snapshot" };

export type BuildRequest = Extract<WorkerRequest, { type: "build" }>;
export type RenderRequest = Extract<WorkerRequest, { type: "render" }>;

/**
 * The worker's answer to one request: pages counted (and how many files were linked) with the
 * social cards its pages refer to and how many of them it drew, the
 * snapshot's content version (null: not a database file, nothing to agree on), or why it failed
 * (a stack trace).
 */
export type WorkerReply =
  | { type: "built"; pages: number; linked: number; cards: CardsDrawn }
  | { type: "rendered"; written: number; removed: number; cards: CardsDrawn; deferred: string[] }
  | { type: "snapshot"; content: string | null }
  | { type: "failed"; error: string };
