import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a page read while it rendered, as keys of the records and lists it drew from. The render
 * worker runs each page inside `recordReads`; the queries it calls (db/queries) and the pages
 * themselves, for what reached them as props, `noteReads`. The worker keeps the page -> keys
 * graph beside the build (rebuild/read-graph.ts): a change to a category, an article or an
 * article's image re-renders exactly the pages that read it. Changes to tools are planned finer
 * (rebuild/page-plan.ts, rebuild/discovery.ts: what a page shows of a tool, not just that it
 * read it), so tools are not keyed here.
 */
export const readKey = {
  category: (id: number) => `category:${id}`,
  /** The list of categories (names, slugs, counts): any category created, changed or deleted. */
  categories: "categories",
  article: (id: number) => `article:${id}`,
  /** The list of published articles. */
  articles: "articles",
  /** The list of tags (names, slugs, counts, dates): a tag's own page changed. */
  tags: "tags",
  /** The archive of sent newsletter issues. */
  newsletter: "newsletter",
  /** An image's stored copy (what a page shows for its address). */
  image: (url: string) => `image:${url}`,
  /** A tool's deal, read by every page showing the tool's page or card (a deal or none). */
  deal: (toolId: number) => `deal:${toolId}`,
  /** The list of live deals (/deals and its feed). */
  deals: "deals",
  /** The sponsors live in a placement (a category's own top placement names its category). */
  placement: (kind: string, categoryId: number | null) =>
    `sponsor:${kind}${categoryId == null ? "" : `:${categoryId}`}`,
};

// One store per process: the worker and the compiled page bundle each load this module.
const STORE = Symbol.for("ai-directory.page-reads");

function storage(): AsyncLocalStorage<Set<string> | null> {
  const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<Set<string> | null> | undefined>;
  holder[STORE] ??= new AsyncLocalStorage();
  return holder[STORE];
}

/** Adds keys to what the page rendering now has read (nothing outside a page's render). */
export function noteReads(keys: Iterable<string>): void {
  const read = storage().getStore();
  if (read) for (const key of keys) read.add(key);
}

/** Runs a page's render and returns what it read, sorted. */
export async function recordReads<T>(render: () => Promise<T>): Promise<{ value: T; keys: string[] }> {
  const read = new Set<string>();
  const value = await storage().run(read, render);
  return { value, keys: [...read].sort() };
}

/**
 * Runs `load` with nothing recorded: a route's getStaticPaths loads every page's props at once,
 * whichever page happens to render first; each page notes its own props instead.
 */
export function untracked<T>(load: () => T): T {
  return storage().run(null, load);
}

/** The keys of what a page shows of these tools beyond the tools themselves: their categories' names. */
export function toolReads(tools: Iterable<{ category_id: number | null }>): string[] {
  const keys = new Set<string>();
  for (const tool of tools) if (tool.category_id != null) keys.add(readKey.category(tool.category_id));
  return [...keys];
}
