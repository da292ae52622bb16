import type { Db } from "../db/client";

/**
 * What the current render pass covers: the contract between the render worker (rebuild/worker.ts)
 * and the pages (read through site/lib/data.ts). A full build renders every page (`null` = all
 * records); an incremental pass narrows each dynamic route to the records that changed, so
 * `getStaticPaths()` loads a handful of rows instead of the whole catalogue. The state lives on a
 * global because the worker drives the compiled page bundle, which holds its own copy of every
 * module.
 */
export type RenderScope = {
  tools: string[] | null;
  categories: string[] | null;
  articles: string[] | null;
  tags: string[] | null;
};

/** What a render pass shares with the pages: its scope and the build's database connection. */
export type RenderState = {
  scope: RenderScope;
  /** The build's database connection, opened by the first page that needs it. */
  db: Promise<Db> | null;
  /** Moves `db` to the latest commits (set when `db` reads from a snapshot). */
  renew: (() => Promise<void>) | null;
};

/** Every record of every route: what a full build renders. */
export const FULL_SCOPE: RenderScope = { tools: null, categories: null, articles: null, tags: null };

const KEY = Symbol.for("ai-directory.render-state");

/** This process's render state, shared by the worker and the page bundle it drives. */
export function renderState(): RenderState {
  const holder = globalThis as unknown as Record<symbol, RenderState | undefined>;
  holder[KEY] ??= { scope: FULL_SCOPE, db: null, renew: null };
  return holder[KEY];
}

/** Keeps the records of a dynamic route that the current pass renders. */
export function inScope<T>(items: T[], scope: string[] | null, key: (item: T) => string): T[] {
  if (!scope) return items;
  const wanted = new Set(scope);
  return items.filter((item) => wanted.has(key(item)));
}

/** Starts the next render pass on the latest commits. */
export async function renewSnapshot(): Promise<void> {
  const state = renderState();
  if (state.db) await state.db;
  await state.renew?.();
}
