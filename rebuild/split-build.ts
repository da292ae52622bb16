import { rmSync } from "node:fs";
import type { CardsDrawn, WorkerReply } from "./messages";
import { mergePart, partDir } from "./output";
import type { RenderWorker } from "./render-process";
import { shareScope } from "./scope";

/** How often the workers of a split build re-open their snapshots to read the same commits. */
const SNAPSHOT_TRIES = 5;

/**
 * One full build into `outDir`, its pages split across `workers` (fresh render workers, one per
 * core by default): each compiles the site and renders its share of the tool pages into a part
 * folder of its own, the first also every other page and straight into `outDir`; the parts are
 * then moved into it. Files equal to those of the build `linkFrom` become hard links to them.
 * Resolves with the pages, linked files and social cards of the whole build; rejects (parts removed) when a
 * worker fails.
 */
export async function splitBuild(
  workers: RenderWorker[],
  outDir: string,
  linkFrom: string | undefined,
): Promise<{ pages: number; linked: number; cards: CardsDrawn }> {
  const parts = workers.map((_, index) => (index === 0 ? outDir : partDir(outDir, index)));
  try {
    if (workers.length > 1) await agreeOnSnapshot(workers);
    const count = workers.length;
    const replies = await Promise.all(
      workers.map((worker, index) =>
        worker.request({
          type: "build",
          outDir: parts[index] ?? outDir,
          scope: shareScope(index),
          share: { index, count },
          linkFrom,
        }),
      ),
    );
    let pages = 0;
    let linked = 0;
    const referenced = new Set<string>();
    let drawn = 0;
    for (const [index, reply] of replies.entries()) {
      const built = expect(reply, "built");
      linked += built.linked;
      for (const hash of built.cards.referenced) referenced.add(hash);
      drawn += built.cards.drawn;
      pages += built.pages;
      // A fixed page every worker renders is kept once.
      if (index > 0) pages -= mergePart(parts[index] ?? outDir, outDir);
    }
    return { pages, linked, cards: { referenced: [...referenced], drawn } };
  } finally {
    for (const part of parts.slice(1)) rmSync(part, { recursive: true, force: true });
  }
}

/**
 * Every worker opens its snapshot of the database before any renders, and they compare the
 * content version they read: a write landing between two openings moves them all to the latest
 * commits, so no page of the build shows data another page does not.
 */
async function agreeOnSnapshot(workers: RenderWorker[]): Promise<void> {
  for (let attempt = 0; attempt < SNAPSHOT_TRIES; attempt++) {
    const replies = await Promise.all(workers.map((worker) => worker.request({ type: "snapshot" })));
    const versions = new Set(replies.map((reply) => expect(reply, "snapshot").content));
    if (versions.size === 1) return;
  }
  throw new Error("the database kept changing while the build workers opened their snapshots");
}

function expect<T extends WorkerReply["type"]>(reply: WorkerReply, type: T): Extract<WorkerReply, { type: T }> {
  if (reply.type === type) return reply as Extract<WorkerReply, { type: T }>;
  throw new Error(reply.type === "failed" ? reply.error : `unexpected reply ${reply.type}`);
}
