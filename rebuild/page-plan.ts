import type { Db } from "../db/client";
import { categorySlugs, pagesListing, type SimilarCard, similarCard, sitemapEntries } from "../db/queries/pages";
import type { Tool } from "../db/queries/rows";
import { type TagRef, tagsWithTools } from "../db/queries/tags";
import { getTool, newestTools } from "../db/queries/tools";
import { FEED_SIZE } from "../lib/limits";
import { feedItem } from "../site/lib/feeds";
import { sitemapChunks } from "../site/lib/sitemap";
import type { RenderScope } from "./scope";

/**
 * A tool as it was before a change or is after it: where it sat (category, tags), what the pages
 * listing it show of it (its similar-tools card and its feed item), and its page.
 */
export type ChangedTool = SimilarCard & Pick<Tool, "category_id" | "created_at"> & { tags?: Pick<TagRef, "slug">[] };

/** The pages an incremental pass writes and removes, and the records their routes may read. */
export type PagePlan = { paths: string[]; remove: string[]; scope: RenderScope };

const sameCard = (a: SimilarCard, b: SimilarCard) => JSON.stringify(similarCard(a)) === JSON.stringify(similarCard(b));

const ORIGIN = new URL("http://localhost");
const sameFeedItem = (a: ChangedTool, b: ChangedTool) =>
  JSON.stringify(feedItem(a, ORIGIN)) === JSON.stringify(feedItem(b, ORIGIN));

/** Newest first, as the feeds order their tools (newestTools). */
const newer = (a: ChangedTool, b: ChangedTool) =>
  a.created_at > b.created_at || (a.created_at === b.created_at && a.id >= b.id);

/**
 * The feeds a change touches: the site's (null) and the categories' whose newest tools a changed
 * tool is among, before or after the change, when its item arrived, left or changed. The order
 * of a feed never changes (when a tool was added does not), so whether a tool is among a feed's
 * newest is whether it is at least as new as the feed's last tool now (a deleted tool that was
 * may have been replaced by an older one: at worst a feed re-renders unchanged).
 */
async function feedsTouched(
  db: Db,
  changed: ChangedTool[],
  now: Map<number, ChangedTool>,
  published: (slug: string) => boolean,
): Promise<Set<number | null>> {
  const lastOf = new Map<number | null, ChangedTool | null>();
  const among = async (feed: number | null, tool: ChangedTool) => {
    if (!lastOf.has(feed)) {
      const newest = await newestTools(db, feed, FEED_SIZE);
      lastOf.set(feed, newest.length < FEED_SIZE ? null : (newest.at(-1) ?? null));
    }
    const last = lastOf.get(feed);
    return !last || newer(tool, last);
  };
  const touched = new Set<number | null>();
  for (const before of changed) {
    const after = now.get(before.id);
    const same =
      after && published(after.slug) && sameFeedItem(before, after) && after.category_id === before.category_id;
    if (same) continue;
    for (const tool of after ? [before, after] : [before]) {
      if (await among(null, tool)) touched.add(null);
      if (tool.category_id != null && (await among(tool.category_id, tool))) touched.add(tool.category_id);
    }
  }
  return touched;
}

/**
 * The pages one change touches: each changed tool's page (or its removal), its old and new
 * category pages, the pages of its old and new tags, the home page, the sitemap, and the few tool
 * pages whose similar tools list it (db/queries/pages.ts): those only when it arrived, left, or its
 * card changed, and the feeds listing it among their newest tools when its item arrived, left
 * or changed (feedsTouched). `published(slug)` says whether a tool's page is in the live build (a tool without
 * one is new to the site). `tags` names tag pages changed by the tag itself (renamed, merged,
 * deleted, described): a tag page is written while a tool carries the tag, removed once none
 * does. A review, a save or a feature toggle changes no card: it re-renders five pages plus one
 * per tag of the tool, at any size of directory.
 */
export async function planPages(
  db: Db,
  changed: ChangedTool[],
  published: (slug: string) => boolean,
  tags: string[] = [],
): Promise<PagePlan> {
  const now = new Map<number, ChangedTool>();
  for (const id of new Set(changed.map((t) => t.id))) {
    const tool = await getTool(db, { id });
    if (tool) now.set(id, tool);
  }
  // Places in a category whose neighbours' similar-tools lists changed: [category, tool id].
  const places = new Map<string, [number, number]>();
  const mark = (categoryId: number | null, id: number) => {
    if (categoryId != null) places.set(`${categoryId}:${id}`, [categoryId, id]);
  };
  for (const before of changed) {
    const after = now.get(before.id);
    if (!after || after.category_id !== before.category_id) mark(before.category_id, before.id);
    if (after && (after.category_id !== before.category_id || !sameCard(after, before) || !published(after.slug)))
      mark(after.category_id, after.id);
  }
  const neighbours: string[] = [];
  for (const [categoryId, id] of places.values()) {
    for (const tool of await pagesListing(db, categoryId, id)) neighbours.push(tool.slug);
  }

  const live = [...now.values()].map((t) => t.slug);
  // A slug a changed tool no longer has: its page goes, unless another tool holds it now.
  const gone: string[] = [];
  for (const slug of new Set(changed.map((t) => t.slug))) {
    if (live.includes(slug)) continue;
    if (await getTool(db, { slug })) live.push(slug);
    else gone.push(slug);
  }
  const toolSlugs = [...new Set([...live, ...neighbours])];
  const categoryIds = [...new Set([...changed, ...now.values()].flatMap((t) => t.category_id ?? []))];
  const categories = await categorySlugs(db, categoryIds);
  const tagged = [...changed, ...now.values()].flatMap((t) => (t.tags ?? []).map((g) => g.slug));
  const wantedTags = [...new Set([...tags, ...tagged])];
  const tagPages = (await tagsWithTools(db, wantedTags)).map((t) => t.slug);
  const tagsGone = wantedTags.filter((slug) => !tagPages.includes(slug));
  const chunks = sitemapChunks(await sitemapEntries(db));
  const feeds = await feedsTouched(db, changed, now, published);
  const categoryFeeds = await categorySlugs(
    db,
    [...feeds].filter((id) => id !== null),
  );
  return {
    paths: [
      "/",
      ...categories.map((s) => `/category/${s}`),
      ...tagPages.map((s) => `/tag/${s}`),
      ...toolSlugs.map((s) => `/tool/${s}`),
      "/sitemap-index.xml",
      ...Array.from({ length: chunks }, (_, n) => `/sitemap-${n}.xml`),
      ...(feeds.has(null) ? ["/feed.xml", "/feed.json"] : []),
      ...categoryFeeds.map((s) => `/category/${s}/feed.xml`),
    ],
    remove: [...gone.map((s) => `/tool/${s}`), ...tagsGone.map((s) => `/tag/${s}`)],
    scope: { tools: toolSlugs, categories, articles: [], tags: tagPages },
  };
}
