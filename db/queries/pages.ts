import type { Row } from "@libsql/client";
import type { Db } from "../client";
import type { Tool, ToolMedia } from "./rows";
import { categoryNeighbours, listTools } from "./tools";

export type PageReview = { id: number; rating: number; comment: string; created_at: string };
export type ToolPage = { tool: Tool; reviews: PageReview[]; similar: SimilarCard[] };

/**
 * What a similar-tools card shows of a tool: a change to anything else (ratings, saves, pricing,
 * featuring) leaves the pages listing the tool as they are.
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

/** A tool page lists up to this many similar tools (SPEC §2). */
export const SIMILAR_TOOLS = 3;

/**
 * A tool page's Similar Tools: the tools of its category that follow it in id order, wrapping
 * around (`categoryNeighbours` reads the same list for one tool). Nothing that changes often
 * (ratings, saves, featuring) moves a tool into or out of another page's list, so one change
 * re-renders a bounded handful of pages (rebuild/page-plan.ts), and every tool of a category is
 * linked from the pages of the few tools before it.
 */
function similarIn(category: Tool[], index: number): SimilarCard[] {
  const count = Math.min(SIMILAR_TOOLS, category.length - 1);
  return Array.from({ length: count }, (_, k) => similarCard(category[(index + 1 + k) % category.length] as Tool));
}

/**
 * Everything the tool pages need, loaded in one pass (two queries) instead of two queries per
 * page: each tool with its reviews (newest first) and its similar tools (see `similarIn`).
 * `slugs` narrows it to the pages an incremental pass re-renders.
 */
export async function loadToolPages(db: Db, slugs: string[] | null = null): Promise<ToolPage[]> {
  if (slugs) return loadSomeToolPages(db, slugs);
  const tools = await listTools(db, { limit: 10_000_000, offset: 0 });
  const result = await db.$client.execute(
    "SELECT id, tool_id, rating, comment, created_at FROM reviews ORDER BY created_at DESC, id DESC",
  );
  const reviews = new Map<number, PageReview[]>();
  groupReviews(result.rows, reviews);
  const categories = new Map<number, Tool[]>();
  for (const tool of tools) {
    if (tool.category_id == null) continue;
    const list = categories.get(tool.category_id) ?? [];
    list.push(tool);
    categories.set(tool.category_id, list);
  }
  const similar = new Map<number, SimilarCard[]>();
  for (const list of categories.values()) {
    list.sort((a, b) => a.id - b.id);
    list.forEach((tool, index) => {
      similar.set(tool.id, similarIn(list, index));
    });
  }
  return tools.map((tool) => ({ tool, reviews: reviews.get(tool.id) ?? [], similar: similar.get(tool.id) ?? [] }));
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

async function loadSomeToolPages(db: Db, slugs: string[]): Promise<ToolPage[]> {
  if (slugs.length === 0) return [];
  const tools = await listTools(db, { slugs, limit: slugs.length, offset: 0 });
  const ids = tools.map((t) => t.id);
  const reviews = new Map<number, PageReview[]>();
  if (ids.length) {
    const result = await db.$client.execute({
      sql: `SELECT id, tool_id, rating, comment, created_at FROM reviews WHERE tool_id IN (${ids.map(() => "?").join(",")})
            ORDER BY created_at DESC, id DESC`,
      args: ids,
    });
    groupReviews(result.rows, reviews);
  }
  const pages: ToolPage[] = [];
  for (const tool of tools) {
    const similar =
      tool.category_id == null ? [] : await categoryNeighbours(db, tool.category_id, tool.id, "after", SIMILAR_TOOLS);
    pages.push({ tool, reviews: reviews.get(tool.id) ?? [], similar: similar.map(similarCard) });
  }
  return pages;
}

/** The tools whose pages list tool `id` of `categoryId` among their similar tools. */
export async function pagesListing(db: Db, categoryId: number, id: number): Promise<Tool[]> {
  return categoryNeighbours(db, categoryId, id, "before", SIMILAR_TOOLS);
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

/** Every public page, for the sitemap: the fixed pages, then categories, tags, tools and articles. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, tags, tools, articles] = await Promise.all([
    db.$client.execute("SELECT slug, updated_at FROM categories ORDER BY name"),
    // A tag has a page while a tool carries it (see tagsWithTools).
    db.$client.execute(
      "SELECT slug, updated_at FROM tags g WHERE EXISTS (SELECT 1 FROM tool_tags tt WHERE tt.tag_id = g.id) ORDER BY slug",
    ),
    db.$client.execute("SELECT slug, updated_at FROM tools ORDER BY id"),
    db.$client.execute(
      "SELECT slug, updated_at FROM articles WHERE status = 'published' AND is_template = 0 AND slug <> '404' ORDER BY id",
    ),
  ]);
  const entries: SitemapEntry[] = [{ path: "/" }, { path: "/pricing" }, { path: "/blog" }];
  const add = (prefix: string, rows: Row[]) => {
    for (const r of rows) entries.push({ path: `${prefix}/${r.slug}`, lastmod: String(r.updated_at) });
  };
  add("/category", categories.rows);
  add("/tag", tags.rows);
  add("/tool", tools.rows);
  add("/blog", articles.rows);
  return entries;
}
