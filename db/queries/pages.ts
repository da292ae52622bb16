import type { Row } from "@libsql/client";
import { comparePath } from "../../lib/alternatives";
import { MIN_ALTERNATIVES, reasonsOf, SIMILAR_TOOLS } from "../../ranking/alternatives";
import type { Db } from "../client";
import { isEnglishWord } from "../english-words";
import { noteReads, readKey, toolReads } from "../page-reads";
import { tagNames } from "./alternatives";
import type { ComparePage } from "./comparisons";
import type { Discovery } from "./discovery";
import type { ListedTool, Tool, ToolMedia } from "./rows";
import { listedTools, listTools } from "./tools";
import { publicToolSql } from "./visibility";

type PageReview = { id: number; rating: number; comment: string; created_at: string };

/**
 * What a similar-tools card shows of a tool: a change to anything else (ratings, saves, pricing,
 * featuring) leaves the tool pages listing the tool as they are.
 */
export type SimilarCard = Pick<Tool, "id" | "slug" | "name" | "logo_url" | "description" | "category_name"> & {
  media: Pick<ToolMedia, "logo">;
};

export function similarCard(t: SimilarCard): SimilarCard {
  return {
    id: t.id,
    slug: t.slug,
    name: t.name,
    logo_url: t.logo_url,
    media: { logo: t.media?.logo ?? null },
    description: t.description,
    category_name: t.category_name,
  };
}

/** A similar tool on a tool page: its card and why it matches. */
type SimilarEntry = SimilarCard & { reasons: string[] };
/** A link to a comparison page, named "A vs B". */
type CompareLink = { path: string; name: string };

export type ToolPage = {
  tool: Tool;
  reviews: PageReview[];
  /** Its first SIMILAR_TOOLS alternatives (ranking/alternatives.ts). */
  similar: SimilarEntry[];
  /** Its alternatives page, when it has enough alternatives for one. */
  alternativesPath: string | null;
  comparisons: CompareLink[];
  /** What the page shows beyond the tools (db/page-reads.ts): it notes these as it renders. */
  reads: string[];
};

/** The path of a tool's alternatives page. */
export const alternativesPath = (slug: string) => `/alternatives/${slug}`;

/** The names of the tags the matches of these tools share, read once. */
async function sharedTagNames(db: Db, discovery: Discovery, ids: number[]): Promise<Map<number, string>> {
  const tags = new Set<number>();
  for (const id of ids) {
    for (const other of discovery.index.list(id))
      for (const t of discovery.index.match(id, other)?.tags ?? []) tags.add(t);
  }
  return tagNames(db, [...tags]);
}

/** Tool `id`'s comparison pages as links, named in page order ("A vs B"). */
function compareLinks(discovery: Discovery, id: number, tools: Map<number, ListedTool>): CompareLink[] {
  return discovery.comparisonsOf(id).flatMap((page) => {
    const a = tools.get(page.a);
    const b = tools.get(page.b);
    return a && b ? [{ path: comparePath(a.slug, b.slug), name: `${a.name} vs ${b.name}` }] : [];
  });
}

/** A page of a route, keyed as getStaticPaths lists it, with what its loader needs. */
export type PageKey = { id: number; slug: string };

/**
 * The tool pages, as keys (all public tools, or those of `slugs`): a route lists its pages
 * cheaply, and their data is loaded a batch at a time as the build reaches them.
 */
export async function toolPageKeys(db: Db, slugs: string[] | null): Promise<PageKey[]> {
  if (slugs?.length === 0) return [];
  const result = await db.$client.execute({
    sql: `SELECT id, slug FROM tools t WHERE ${publicToolSql("t")}
      ${slugs ? `AND t.slug IN (${slugs.map(() => "?").join(",")})` : ""} ORDER BY id`,
    args: slugs ?? [],
  });
  return result.rows.map((r) => ({ id: Number(r.id), slug: String(r.slug) }));
}

/**
 * Everything these tool pages need, in a few queries instead of per page: each tool with its
 * reviews (newest first), its first alternatives as similar tools, and its alternatives and
 * comparison pages.
 */
export async function loadToolPages(db: Db, slugs: string[], discovery: Discovery): Promise<ToolPage[]> {
  if (slugs.length === 0) return [];
  const own = await listTools(db, { slugs, limit: slugs.length, offset: 0 });
  const ownIds = own.map((t) => t.id);
  const shown = (id: number) => [
    ...discovery.index.list(id).slice(0, SIMILAR_TOOLS),
    ...discovery.comparisonsOf(id).flatMap((p) => [p.a, p.b]),
  ];
  const tools = await listedTools(db, [...ownIds, ...ownIds.flatMap(shown)]);
  const reviews = new Map<number, PageReview[]>();
  const result = await db.$client.execute({
    sql: `SELECT id, tool_id, rating, comment, created_at FROM reviews WHERE tool_id IN (${ownIds.map(() => "?").join(",") || "NULL"})
        ORDER BY created_at DESC, id DESC`,
    args: ownIds,
  });
  groupReviews(result.rows, reviews);
  const names = await sharedTagNames(db, discovery, ownIds);
  return own.map((tool) => {
    const similar = discovery.index
      .list(tool.id)
      .slice(0, SIMILAR_TOOLS)
      .flatMap((id) => {
        const other = tools.get(id);
        const m = discovery.index.match(tool.id, id);
        return other && m
          ? [
              {
                ...similarCard(other),
                reasons: reasonsOf(m, tool.pricing_type, names, {
                  categoryName: other.category_name,
                  isWord: isEnglishWord,
                }),
              },
            ]
          : [];
      });
    return {
      tool,
      reviews: reviews.get(tool.id) ?? [],
      similar,
      alternativesPath: discovery.hasAlternativesPage(tool.id) ? alternativesPath(tool.slug) : null,
      comparisons: compareLinks(discovery, tool.id, tools),
      reads: toolReads([tool, ...similar.flatMap((s) => tools.get(s.id) ?? [])]),
    };
  });
}

function groupReviews(rows: Row[], into: Map<number, PageReview[]>): void {
  for (const r of rows) {
    const list = into.get(Number(r.tool_id)) ?? [];
    list.push({
      id: Number(r.id),
      rating: Number(r.rating),
      comment: String(r.comment ?? ""),
      created_at: String(r.created_at),
    });
    into.set(Number(r.tool_id), list);
  }
}

/** One alternative on an alternatives page: the tool, why it matches, and its comparison page if any. */
type AlternativeEntry = { tool: ListedTool; reasons: string[]; compare: string | null };
export type AlternativesPage = { tool: ListedTool; alternatives: AlternativeEntry[]; reads: string[] };

/** The alternatives pages, as keys: every tool with enough alternatives (or those of `slugs`). */
export function alternativesPageKeys(discovery: Discovery, slugs: string[] | null): PageKey[] {
  const wanted = slugs ? new Set(slugs) : null;
  return [...discovery.index.ids()]
    .filter((id) => discovery.hasAlternativesPage(id))
    .map((id) => ({ id, slug: discovery.index.features(id)?.slug ?? "" }))
    .filter((page) => !wanted || wanted.has(page.slug))
    .sort((a, b) => a.id - b.id);
}

/** The alternatives pages of these tools, each with its ranked list. */
export async function loadAlternativesPages(db: Db, ids: number[], discovery: Discovery): Promise<AlternativesPage[]> {
  if (ids.length === 0) return [];
  const tools = await listedTools(db, [...ids, ...ids.flatMap((id) => discovery.index.list(id))]);
  const names = await sharedTagNames(db, discovery, ids);
  const pages: AlternativesPage[] = [];
  for (const id of ids) {
    const tool = tools.get(id);
    if (!tool) continue;
    const partners = new Set(discovery.comparisonsOf(id).flatMap((p) => [p.a, p.b]));
    const alternatives = discovery.index.list(id).flatMap((other) => {
      const alt = tools.get(other);
      const m = discovery.index.match(id, other);
      if (!alt || !m) return [];
      const compare = partners.has(other) ? comparePath(tool.slug, alt.slug) : null;
      const reasons = reasonsOf(m, tool.pricing_type, names, {
        categoryName: alt.category_name,
        isWord: isEnglishWord,
      });
      return [{ tool: alt, reasons, compare }];
    });
    if (alternatives.length >= MIN_ALTERNATIVES)
      pages.push({ tool, alternatives, reads: toolReads([tool, ...alternatives.map((a) => a.tool)]) });
  }
  return pages;
}

/** One side of a comparison page. */
type CompareSide = { tool: Tool; tags: string[]; verdict: string; alternativesPath: string | null };
export type ComparisonPage = { key: string; a: CompareSide; b: CompareSide; reads: string[] };

/** The comparison pages (`{a}-vs-{b}` keys): every one, or those of `keys` that exist. */
export function comparisonPageKeys(discovery: Discovery, keys: string[] | null): ComparePage[] {
  return keys ? keys.flatMap((key) => discovery.page(key) ?? []) : discovery.pages;
}

/** These comparison pages: both tools, their tags and the admin's verdicts. */
export async function loadComparisonPages(db: Db, keys: string[], discovery: Discovery): Promise<ComparisonPage[]> {
  const pages = comparisonPageKeys(discovery, keys);
  if (pages.length === 0) return [];
  const ids = [...new Set(pages.flatMap((p) => [p.a, p.b]))];
  // A comparison shows both tools whole: pricing, pros and cons, FAQ, screenshots.
  const tools = new Map((await listTools(db, { ids, limit: ids.length, offset: 0 })).map((t) => [t.id, t]));
  const tags = new Map<number, string[]>();
  const tagRows = await db.$client.execute({
    sql: `SELECT tt.tool_id, g.name FROM tool_tags tt JOIN tags g ON g.id = tt.tag_id
      WHERE tt.tool_id IN (${ids.map(() => "?").join(",")}) ORDER BY g.name COLLATE NOCASE, g.id`,
    args: ids,
  });
  for (const r of tagRows.rows) tags.set(Number(r.tool_id), [...(tags.get(Number(r.tool_id)) ?? []), String(r.name)]);
  const verdicts = new Map<string, { verdict_a: string; verdict_b: string }>();
  // Verdicts are stored with the lower id first: each page's pair starts with one of `ids`.
  const verdictRows = await db.$client.execute({
    sql: `SELECT tool_a_id, tool_b_id, verdict_a, verdict_b FROM comparisons WHERE tool_a_id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  for (const r of verdictRows.rows) {
    verdicts.set(`${r.tool_a_id}:${r.tool_b_id}`, { verdict_a: String(r.verdict_a), verdict_b: String(r.verdict_b) });
  }
  const side = (id: number, verdict: string): CompareSide | null => {
    const tool = tools.get(id);
    if (!tool) return null;
    return {
      tool,
      tags: tags.get(id) ?? [],
      verdict,
      alternativesPath: discovery.hasAlternativesPage(id) ? alternativesPath(tool.slug) : null,
    };
  };
  return pages.flatMap((page) => {
    const [low, high] = page.a < page.b ? [page.a, page.b] : [page.b, page.a];
    const v = verdicts.get(`${low}:${high}`);
    const verdictOf = (id: number) => (v ? (id === low ? v.verdict_a : v.verdict_b) : "");
    const a = side(page.a, verdictOf(page.a));
    const b = side(page.b, verdictOf(page.b));
    return a && b ? [{ key: page.key, a, b, reads: toolReads([a.tool, b.tool]) }] : [];
  });
}

/** Category slugs by id (the category pages a change touches). */
export async function categorySlugs(db: Db, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.$client.execute({
    sql: `SELECT slug FROM categories WHERE id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  return result.rows.map((r) => String(r.slug));
}

export type SitemapEntry = { path: string; lastmod?: string };

/** What the sitemap shows besides tools: categories, tags and articles are listed with their dates. */
export const SITEMAP_READS = [readKey.categories, readKey.articles, readKey.tags, readKey.newsletter];

/**
 * Every public page, for the sitemap: the fixed pages, then categories, tags, tools, alternatives
 * and comparison pages, articles, and the newsletter's archive.
 */
export async function sitemapEntries(db: Db, discovery: Discovery): Promise<SitemapEntry[]> {
  const [categories, tags, tools, articles, issues] = await Promise.all([
    db.$client.execute("SELECT slug, updated_at FROM categories ORDER BY name"),
    // A tag has a page while a tool carries it (see tagsWithTools).
    db.$client.execute(
      `SELECT slug, updated_at FROM tags g WHERE EXISTS (SELECT 1 FROM tool_tags tt JOIN tools t ON t.id = tt.tool_id
        WHERE tt.tag_id = g.id AND ${publicToolSql("t")}) ORDER BY slug`,
    ),
    // One row: 100k tools read as rows cost four times as much (a slug holds no tab or newline).
    db.$client.execute(
      `SELECT group_concat(slug || char(9) || coalesce(updated_at, ''), char(10) ORDER BY id) AS list FROM tools t WHERE ${publicToolSql("t")}`,
    ),
    db.$client.execute(
      "SELECT slug, updated_at FROM articles WHERE status = 'published' AND is_template = 0 AND slug <> '404' ORDER BY id",
    ),
    // The newsletter's archive: an issue has its page from the moment it starts sending.
    db.$client.execute(
      "SELECT number AS slug, sent_at AS updated_at FROM newsletter_issues WHERE number > 0 ORDER BY number",
    ),
  ]);
  // Tools come and go through the tool planner.
  noteReads(SITEMAP_READS);
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/pricing" }, { path: "/deals" }, { path: "/blog" }];
  const add = (prefix: string, rows: Row[]) => {
    for (const r of rows) entries.push({ path: `${prefix}/${r.slug}`, lastmod: String(r.updated_at) });
  };
  add("/category", categories.rows);
  add("/tag", tags.rows);
  for (const line of String(tools.rows[0]?.list ?? "").split("\n")) {
    const [slug, lastmod] = line.split("\t");
    if (slug) entries.push({ path: `/tool/${slug}`, lastmod });
  }
  for (const slug of discovery.alternativesPages()) entries.push({ path: alternativesPath(slug) });
  for (const page of discovery.pages) entries.push({ path: `/compare/${page.key}` });
  add("/blog", articles.rows);
  entries.push({ path: "/newsletter" });
  add("/newsletter", issues.rows);
  return entries;
}
