import type { Db } from "../db/client";
import { readKey } from "../db/page-reads";
import { getArticle } from "../db/queries/articles";
import { getCategory } from "../db/queries/categories";
import { categorySlugs } from "../db/queries/pages";
import { tagsWithTools } from "../db/queries/tags";
import { getPublicTool, newestTools } from "../db/queries/tools";
import { feedItem } from "../lib/feed-item";
import { FEED_SIZE } from "../lib/limits";
import type { ChangedTool, RecordChange } from "./change";
import { NO_RECORDS, type RenderScope } from "./scope";

/**
 * The pages an incremental pass writes and removes, the records their routes may read, and the
 * keys (db/page-reads.ts) of what changed: every page that read one is rendered too.
 */
export type PagePlan = { paths: string[]; remove: string[]; scope: RenderScope; keys: string[] };

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

/** Whether a change added, removed or changed a tool's line in /llms-full.txt (a review does not). */
function llmsLineTouched(
  changed: ChangedTool[],
  now: Map<number, ChangedTool>,
  published: (slug: string) => boolean,
): boolean {
  const line = (t: ChangedTool) => [t.slug, t.name, t.description, t.pricing_type, t.category_id];
  return changed.some((before) => {
    const after = now.get(before.id);
    // Gone from the directory (deleted, hidden) or new to it (approved, renamed), or listed otherwise.
    if (!after) return published(before.slug);
    return !published(after.slug) || JSON.stringify(line(before)) !== JSON.stringify(line(after));
  });
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
  if (changed.length === 0 && tags.length === 0) return { paths: [], remove: [], scope: NO_RECORDS, keys: [] };
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
      ...(llmsLineTouched(changed, now, published) ? ["/llms-full.txt"] : []),
    ],
    remove: [...gone.map((s) => `/tool/${s}`), ...tagsGone.map((s) => `/tag/${s}`)],
    scope: { ...NO_RECORDS, tools: live, categories, tags: tagPages },
    // A tag's own page changed: the lists of tags (its name, its date in the sitemap) read it.
    // A changed tool's deal shows its name on /deals (and its feed): they read it by the deal's key.
    keys: [...(tags.length > 0 ? [readKey.tags] : []), ...new Set(changed.map((t) => readKey.deal(t.id)))],
  };
}

/** Whether an article has a page of its own (published, not a template, not the blog's 404). */
const hasPage = (a: { status: string; is_template: boolean; slug: string }) =>
  a.status === "published" && !a.is_template && a.slug !== "404";

/**
 * The pages a change to categories, articles or images touches for certain: the record's own
 * pages under its slug now (written) and before (removed, unless another record holds that slug
 * now). Every other page showing it is found by the keys it was read by (db/page-reads.ts): the
 * renderer adds the pages its graph says read them (rebuild/read-graph.ts).
 */
export async function planRecords(db: Db, records: RecordChange[]): Promise<PagePlan> {
  const keys = new Set<string>();
  const paths: string[] = [];
  const remove: string[] = [];
  const categories: string[] = [];
  const articles: string[] = [];
  for (const record of records) {
    if (record.kind === "image") {
      keys.add(readKey.image(record.url));
    } else if (record.kind === "newsletter") {
      keys.add(readKey.newsletter);
      paths.push(`/newsletter/${record.number}`, "/newsletter");
    } else if (record.kind === "deal") {
      keys.add(readKey.deal(record.tool_id)).add(readKey.deals);
    } else if (record.kind === "sponsors") {
      keys.add(readKey.placement(record.placement, record.category_id));
    } else if (record.kind === "category") {
      keys.add(readKey.category(record.id)).add(readKey.categories);
      const now = await getCategory(db, { id: record.id });
      if (now) {
        categories.push(now.slug);
        paths.push(`/category/${now.slug}`, `/category/${now.slug}/feed.xml`);
      }
      if (record.slug && record.slug !== now?.slug && !(await getCategory(db, { slug: record.slug })))
        remove.push(`/category/${record.slug}`, `/category/${record.slug}/feed.xml`);
    } else {
      keys.add(readKey.article(record.id)).add(readKey.articles);
      const now = await getArticle(db, { id: record.id });
      const shown = now && hasPage(now) ? now.slug : null;
      if (shown) {
        articles.push(shown);
        paths.push(`/blog/${shown}`);
      }
      if (record.slug && record.slug !== shown) {
        const holder = await getArticle(db, { slug: record.slug });
        if (!holder || !hasPage(holder)) remove.push(`/blog/${record.slug}`);
      }
    }
  }
  return {
    paths: [...new Set(paths)],
    remove: [...new Set(remove)].filter((path) => !paths.includes(path)),
    scope: { ...NO_RECORDS, categories: [...new Set(categories)], articles: [...new Set(articles)] },
    keys: [...keys],
  };
}
