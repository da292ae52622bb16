import { untracked } from "../../db/page-reads";

/**
 * A route's pages are listed by key in getStaticPaths and load their data a batch at a time as
 * the build reaches them, so a worker holds a few batches of page data instead of every page's
 * (at 100k tools, gigabytes). Astro renders a route's pages in the order listed, a few at once:
 * the pages of a batch share one load, and only the latest batches stay in memory.
 */
const PAGE_BATCH = 250;
/** Batches kept: the pages rendering at once can straddle a batch boundary. */
const KEPT = 3;

/** The keys of one batch of a route's pages: each page's props carry it. */
export type PageBatch = { keys: string[] };

/** Groups a route's pages into batches of PAGE_BATCH, in order. */
export function inBatches<T>(items: T[], key: (item: T) => string): { item: T; batch: PageBatch }[] {
  const listed: { item: T; batch: PageBatch }[] = [];
  for (let start = 0; start < items.length; start += PAGE_BATCH) {
    const slice = items.slice(start, start + PAGE_BATCH);
    const batch = { keys: slice.map(key) };
    for (const item of slice) listed.push({ item, batch });
  }
  return listed;
}

const loaded = new Map<PageBatch, Promise<Map<string, unknown>>>();

/**
 * The data of the page `key` of `batch`, loading the whole batch on its first page. The load
 * records no reads: each page notes its own (db/page-reads.ts). Undefined when the page's
 * record is no longer there.
 */
export async function pageIn<T>(
  batch: PageBatch,
  key: string,
  load: (keys: string[]) => Promise<Map<string, T>>,
): Promise<T | undefined> {
  let pages = loaded.get(batch);
  if (!pages) {
    pages = untracked(() => load(batch.keys));
    loaded.set(batch, pages);
    for (const old of loaded.keys()) {
      if (loaded.size <= KEPT) break;
      loaded.delete(old);
    }
  }
  return (await pages).get(key) as T | undefined;
}
