import type { Db } from "../db/client";
import { categorySlugs, type SimilarCard } from "../db/queries/pages";
import type { Tool } from "../db/queries/rows";
import { type TagRef, tagsWithTools } from "../db/queries/tags";
import { getPublicTool, newestTools } from "../db/queries/tools";
import { FEED_SIZE } from "../lib/limits";
import { feedItem } from "../site/lib/feeds";
import { NO_RECORDS, type RenderScope } from "./scope";

/**
 * A tool as it was before a change or is after it: where it sat (category, tags), what the pages
 * listing it show of it (its similar-tools card and its feed item), and its page.
 */
export type ChangedTool = SimilarCard & Pick<Tool, "category_id" | "created_at"> & { tags?: Pick<TagRef, "slug">[] };

/** The pages an incremental pass writes and removes, and the records their routes may read. */
export type PagePlan = { paths: string[]; remove: string[]; scope: RenderScope };

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
 * The pages one change touches for certain: each changed tool's page (or its removal), its old
 * and new category pages, the pages of its old and new tags, the home page, and the feeds listing
 * it among their newest tools when its item arrived, left or changed (feedsTouched).
 * `published(slug)` says whether a tool's page is in the live build (a tool without one is new to
 * the site). `tags` names tag pages changed by the tag itself (merged, deleted, described): a tag
 * page is written while a tool carries the tag, removed once none does. The renderer adds the
 * pages whose alternatives or comparisons the change moved, and the sitemap (rebuild/discovery.ts),
 * which it works out against what the live build shows.
 */
export async function planPages(
  db: Db,
  changed: ChangedTool[],
  published: (slug: string) => boolean,
  tags: string[] = [],
): Promise<PagePlan> {
  const now = new Map<number, ChangedTool>();
  for (const id of new Set(changed.map((t) => t.id))) {
    // A tool hidden by moderation leaves its pages as a deleted one would.
    const tool = await getPublicTool(db, { id });
    if (tool) now.set(id, tool);
  }
  const live = [...now.values()].map((t) => t.slug);
  // A slug a changed tool no longer has: its page goes, unless another tool holds it now.
  const gone: string[] = [];
  for (const slug of new Set(changed.map((t) => t.slug))) {
    if (live.includes(slug)) continue;
    if (await getPublicTool(db, { slug })) live.push(slug);
    else gone.push(slug);
  }
  const categoryIds = [...new Set([...changed, ...now.values()].flatMap((t) => t.category_id ?? []))];
  const categories = await categorySlugs(db, categoryIds);
  const tagged = [...changed, ...now.values()].flatMap((t) => (t.tags ?? []).map((g) => g.slug));
  const wantedTags = [...new Set([...tags, ...tagged])];
  const tagPages = (await tagsWithTools(db, wantedTags)).map((t) => t.slug);
  const tagsGone = wantedTags.filter((slug) => !tagPages.includes(slug));
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
      ...live.map((s) => `/tool/${s}`),
      ...(feeds.has(null) ? ["/feed.xml", "/feed.json"] : []),
      ...categoryFeeds.map((s) => `/category/${s}/feed.xml`),
    ],
    remove: [...gone.map((s) => `/tool/${s}`), ...tagsGone.map((s) => `/tag/${s}`)],
    scope: { ...NO_RECORDS, tools: live, categories, tags: tagPages },
  };
}
