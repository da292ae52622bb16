import type { Db } from "../db/client";
import type { Discovery } from "../db/queries/discovery";
import { openFileSnapshot, type Snapshot } from "../db/snapshot.ts";
import type { CardInput } from "../lib/cards";
import type { ChangedTool } from "./change";

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
  /** Tool slugs whose alternatives pages render. */
  alternatives: string[] | null;
  /** Comparison pages (`{a}-vs-{b}`) that render. */
  comparisons: string[] | null;
};

/** What an incremental pass adds for alternatives and comparisons (rebuild/discovery.ts). */
export type DiscoveryPlan = {
  /** What the pages show once the pass is written. */
  next: Discovery;
  /** Pages to render, beyond those the server planned. */
  paths: string[];
  remove: string[];
  scope: Pick<RenderScope, "tools" | "alternatives" | "comparisons">;
};

/**
 * Alternatives and comparisons as the live build's pages show them (db/queries/discovery.ts),
 * held by the renderer between passes. The pages' module computes them in a full build and
 * plans each incremental pass (`plan`, registered by site/lib/data.ts when the pages load); the
 * worker saves them beside the build (`saved` is what it read back after a restart).
 */
export type DiscoveryState = {
  /** What the live build shows, once computed or read. */
  current: Discovery | null;
  /** The parsed file saved beside the live build, made into `current` on first use. */
  saved: unknown;
  /** While a pass renders: what its pages show (committed to `current` once they are written). */
  next: Discovery | null;
  /** The full build's computation under way. */
  loading: Promise<Discovery> | null;
  plan: ((changed: ChangedTool[]) => Promise<DiscoveryPlan>) | null;
};

/**
 * One worker's part of a full build split across `count` workers: the tool, alternatives and
 * comparison pages whose tool id modulo `count` is `index` (see inShare).
 */
export type Share = { index: number; count: number };

/** What a render pass shares with the pages: its scope and the build's database connection. */
export type RenderState = {
  scope: RenderScope;
  /** This worker's part of the tool pages in a split full build; null: all of them. */
  share: Share | null;
  /** The build's database connection, opened by the first page that needs it. */
  db: Promise<Db> | null;
  /**
   * The snapshot `db` reads on a database file, opened by the first page or, in a split build,
   * by the worker before it builds, so every worker reads the same commits.
   */
  snapshot: Promise<Snapshot> | null;
  discovery: DiscoveryState;
  /**
   * Told of each social card a page refers to (site/lib/cards.ts): the worker's card queue draws
   * the missing ones. Null outside a render worker (nothing is drawn).
   */
  cards: ((hash: string, input: CardInput) => void) | null;
  /** What the current render pass computed once for all its pages (see perPass); null outside a render worker. */
  pass: WeakMap<object, Map<string, unknown>> | null;
  /** What the live files of costly fixed pages were made from (see sameInputs). */
  outputs: OutputInputs;
};

/**
 * A sitemap file costs the same however little of it changed (at 100k tools, every one of 200k
 * URLs is read and written). Such a page names what it is made from, as a digest: in an
 * incremental pass, when that matches what its live file was made from, it answers 304 and the
 * worker keeps the file. `pending` holds what this pass's renders named; the worker makes it
 * `live` once their files are written (a failed pass leaves `live` as the files are).
 */
type OutputInputs = { live: Map<string, string>; pending: Map<string, string>; skip: boolean };

/** Every record of every route: what a full build renders. */
export const FULL_SCOPE: RenderScope = {
  tools: null,
  categories: null,
  articles: null,
  tags: null,
  alternatives: null,
  comparisons: null,
};

/** No record of any route: a build that only compiles the pages. */
export const NO_RECORDS: RenderScope = {
  tools: [],
  categories: [],
  articles: [],
  tags: [],
  alternatives: [],
  comparisons: [],
};

/** Nothing known of alternatives and comparisons yet: the next page to need them computes them. */
export function freshDiscovery(): DiscoveryState {
  return { current: null, saved: null, next: null, loading: null, plan: null };
}

/**
 * The scope of worker `index` of a split full build: the first renders every route (the
 * per-tool pages of its share), the others only their share of the tool, alternatives and
 * comparison pages, which are nearly all the pages. Fixed pages (the home page, feeds) render in
 * each; the first worker's copy is kept.
 */
export function shareScope(index: number): RenderScope {
  if (index === 0) return FULL_SCOPE;
  return { ...NO_RECORDS, tools: null, alternatives: null, comparisons: null };
}

/** Whether this worker renders the pages that are not shared out (all but a split build's first do not). */
export function rendersUnshared(): boolean {
  return (renderState().share?.index ?? 0) === 0;
}

const KEY = Symbol.for("ai-directory.render-state");

/** This process's render state, shared by the worker and the page bundle it drives. */
export function renderState(): RenderState {
  const holder = globalThis as unknown as Record<symbol, RenderState | undefined>;
  holder[KEY] ??= {
    scope: FULL_SCOPE,
    share: null,
    db: null,
    snapshot: null,
    discovery: freshDiscovery(),
    cards: null,
    pass: null,
    outputs: { live: new Map(), pending: new Map(), skip: false },
  };
  return holder[KEY];
}

/**
 * `load`'s result for `key`, computed once per render pass under `name` (every call, outside a
 * render worker): the sitemap's index and each of its files list every public page.
 */
export function perPass<T>(name: string, key: object, load: () => T): T {
  const pass = renderState().pass;
  if (!pass) return load();
  const kept = pass.get(key) ?? new Map<string, unknown>();
  pass.set(key, kept);
  if (!kept.has(name)) kept.set(name, load());
  return kept.get(name) as T;
}

/** Whether page `path`, made from `digest`, can keep its live file in this pass (see OutputInputs). */
export function sameInputs(path: string, digest: string): boolean {
  const outputs = renderState().outputs;
  outputs.pending.set(path, digest);
  return outputs.skip && outputs.live.get(path) === digest;
}

/** Keeps the records of a dynamic route that the current pass renders. */
export function inScope<T>(items: T[], scope: string[] | null, key: (item: T) => string): T[] {
  if (!scope) return items;
  const wanted = new Set(scope);
  return items.filter((item) => wanted.has(key(item)));
}

/** Keeps the pages of this worker's share of a split full build (all of them otherwise), by tool id. */
export function inShare<T>(items: T[], id: (item: T) => number): T[] {
  const share = renderState().share;
  if (!share || share.count === 1) return items;
  return items.filter((item) => id(item) % share.count === share.index);
}

/** The build's snapshot of the database file at `url`, opened once per process. */
export function buildSnapshot(url: string): Promise<Snapshot> {
  const state = renderState();
  state.snapshot ??= openFileSnapshot(url);
  return state.snapshot;
}

/** Starts the next render pass on the latest commits. */
export async function renewSnapshot(): Promise<void> {
  const snapshot = renderState().snapshot;
  if (snapshot) await (await snapshot).renew();
}

/** Both scopes' records of each route (null, every record, wins). */
export function addScope(a: RenderScope, b: Partial<RenderScope>): RenderScope {
  const merged = { ...a };
  for (const key of Object.keys(FULL_SCOPE) as (keyof RenderScope)[]) {
    const more = b[key];
    if (more === undefined) continue;
    const have = merged[key];
    merged[key] = have === null || more === null ? null : [...new Set([...have, ...more])];
  }
  return merged;
}

/** The route and record of each dynamic page path (fixed pages need none). */
const DYNAMIC: [RegExp, keyof RenderScope][] = [
  [/^\/tool\/([^/]+)$/, "tools"],
  [/^\/category\/([^/]+)(?:\/feed\.xml)?$/, "categories"],
  [/^\/tag\/([^/]+)$/, "tags"],
  [/^\/alternatives\/([^/]+)$/, "alternatives"],
  [/^\/compare\/([^/]+)$/, "comparisons"],
  [/^\/blog\/([^/]+)$/, "articles"],
];

/** The records these pages render from: what a pass's scope needs for them to render. */
export function scopeOfPaths(paths: string[]): RenderScope {
  const scope: RenderScope = { ...NO_RECORDS };
  for (const path of paths) {
    for (const [pattern, key] of DYNAMIC) {
      const slug = pattern.exec(path)?.[1];
      if (slug) scope[key] = [...(scope[key] ?? []), decodeURIComponent(slug)];
    }
  }
  return scope;
}
