/**
 * Build-time data access: the same queries the API uses, straight from the database (no HTTP
 * during a build). One connection per build process.
 */
import { renderSettings } from "../../config/settings";
import { type Db, openDb, snapshotDb } from "../../db/client";
import { noteReads, untracked } from "../../db/page-reads";
import { Discovery, type SavedDiscovery } from "../../db/queries/discovery";
import {
  type AlternativesPage,
  type ComparisonPage,
  loadAlternativesPages,
  loadComparisonPages,
  loadToolPages,
  SITEMAP_READS,
  type SitemapEntry,
  type ToolPage,
} from "../../db/queries/pages";
import { passSitemapEntries, planDiscovery } from "../../rebuild/discovery";
import { buildSnapshot, renderState } from "../../rebuild/scope";
import { type PageBatch, pageIn } from "./page-batches";

export { noteReads, readKey, untracked } from "../../db/page-reads";
export { inScope, inShare, rendersUnshared, sameInputs } from "../../rebuild/scope";

/** The records the current render pass covers (everything in a full build). */
export function renderScope() {
  return renderState().scope;
}

/**
 * The build's connection. On an embedded file it reads one snapshot per render pass, so every
 * page sees the same data: a change landing mid-build is either on every page or on none (the
 * next pass brings it), never listed on /blog but missing its own page. A remote libSQL server
 * is read as it is (no long-lived read transaction over HTTP).
 */
export function buildDb(): Promise<Db> {
  const state = renderState();
  const { DATABASE_URL: url, DATABASE_AUTH_TOKEN: authToken } = renderSettings();
  state.db ??= url.startsWith("file:") ? buildSnapshot(url).then(snapshotDb) : openDb({ url, authToken });
  return state.db;
}

/**
 * Alternatives and comparisons as this pass's pages show them: computed once in a full build,
 * kept by the renderer between passes (read back from beside the live build after a restart),
 * and replaced by what an incremental pass plans while it renders.
 */
export function discovery(): Promise<Discovery> {
  const state = renderState().discovery;
  if (state.next) return Promise.resolve(state.next);
  if (state.current) return Promise.resolve(state.current);
  if (state.saved) {
    state.current = Discovery.fromJSON(state.saved as SavedDiscovery);
    state.saved = null;
    return Promise.resolve(state.current);
  }
  state.loading ??= buildDb()
    .then(Discovery.load)
    .then((loaded) => {
      state.current = loaded;
      return loaded;
    });
  return state.loading;
}

const byKey = <T>(pages: T[], key: (page: T) => string) => new Map(pages.map((page) => [key(page), page]));

/** Tool page `slug`, loaded with the rest of its batch (undefined: the tool is gone). */
export function toolPage(batch: PageBatch, slug: string): Promise<ToolPage | undefined> {
  return pageIn(batch, slug, async (slugs) =>
    byKey(await loadToolPages(await buildDb(), slugs, await discovery()), (page) => page.tool.slug),
  );
}

/** The alternatives page of tool `id` (its batch is keyed by tool id). */
export function alternativesPage(batch: PageBatch, id: number): Promise<AlternativesPage | undefined> {
  return pageIn(batch, String(id), async (ids) =>
    byKey(await loadAlternativesPages(await buildDb(), ids.map(Number), await discovery()), (page) =>
      String(page.tool.id),
    ),
  );
}

/** The comparison page `key`. */
export function comparisonPage(batch: PageBatch, key: string): Promise<ComparisonPage | undefined> {
  return pageIn(batch, key, async (keys) =>
    byKey(await loadComparisonPages(await buildDb(), keys, await discovery()), (page) => page.key),
  );
}

/** Every public page as the sitemap lists it, read once per pass (its index and each file list them all). */
export async function allSitemapEntries(): Promise<SitemapEntry[]> {
  const shown = await discovery();
  noteReads(SITEMAP_READS);
  const db = await buildDb();
  return untracked(() => passSitemapEntries(db, shown));
}

// The render worker plans each incremental pass through the pages' own copy of the modules.
renderState().discovery.plan = async (changed) => planDiscovery(await buildDb(), await discovery(), changed);

export { listPublishedArticles } from "../../db/queries/articles";
export { listCategories } from "../../db/queries/categories";
export { localImages } from "../../db/queries/images";
export { alternativesPageKeys, comparisonPageKeys, toolPageKeys } from "../../db/queries/pages";
export { listTags, tagsInCategory, tagsWithTools } from "../../db/queries/tags";
export { listTools, toolsByCategory, toolsByTag } from "../../db/queries/tools";
export { inBatches } from "./page-batches";
