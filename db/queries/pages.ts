import type { Row } from "@libsql/client";
import type { Db } from "../client";
import type { Tool } from "./rows";
import { listTools } from "./tools";

export type PageReview = { id: number; rating: number; comment: string; created_at: string };
export type ToolPage = { tool: Tool; reviews: PageReview[]; similar: Tool[] };

/** The first 4 tools of each category in the directory's order: the "similar tools" pool. */
export async function categoryLeaders(db: Db, categoryIds?: number[]): Promise<Map<number, Tool[]>> {
  const leaders = new Map<number, Tool[]>();
  if (categoryIds) {
    for (const id of categoryIds) leaders.set(id, await listTools(db, { categoryId: id, limit: 4, offset: 0 }));
    return leaders;
  }
  for (const tool of await listTools(db, { limit: 10_000_000, offset: 0 })) {
    if (tool.category_id == null) continue;
    const list = leaders.get(tool.category_id) ?? [];
    if (list.length < 4) list.push(tool);
    leaders.set(tool.category_id, list);
  }
  return leaders;
}

/**
 * Everything the tool pages need, loaded in one pass (two queries) instead of two queries per
 * page: each tool with its reviews (newest first) and up to 3 similar tools from its category,
 * in the directory's order. `slugs` narrows it to the pages an incremental pass re-renders.
 */
export async function loadToolPages(db: Db, slugs: string[] | null = null): Promise<ToolPage[]> {
  if (slugs) return loadSomeToolPages(db, slugs);
  const tools = await listTools(db, { limit: 10_000_000, offset: 0 });
  const result = await db.$client.execute(
    "SELECT id, tool_id, rating, comment, created_at FROM reviews ORDER BY created_at DESC, id DESC",
  );
  const reviews = new Map<number, PageReview[]>();
  groupReviews(result.rows, reviews);
  const leaders = new Map<number, Tool[]>();
  for (const tool of tools) {
    if (tool.category_id == null) continue;
    const list = leaders.get(tool.category_id) ?? [];
    if (list.length < 4) list.push(tool);
    leaders.set(tool.category_id, list);
  }
  return tools.map((tool) => toolPage(tool, reviews, leaders));
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

function toolPage(tool: Tool, reviews: Map<number, PageReview[]>, leaders: Map<number, Tool[]>): ToolPage {
  return {
    tool,
    reviews: reviews.get(tool.id) ?? [],
    similar:
      tool.category_id == null ? [] : (leaders.get(tool.category_id) ?? []).filter((t) => t.id !== tool.id).slice(0, 3),
  };
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
  const categories = [...new Set(tools.flatMap((t) => (t.category_id == null ? [] : [t.category_id])))];
  const leaders = await categoryLeaders(db, categories);
  return tools.map((tool) => toolPage(tool, reviews, leaders));
}

export type SitemapEntry = { path: string; lastmod?: string };

/** Every public page, for the sitemap: the fixed pages, then categories, tools and articles. */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, tools, articles] = await Promise.all([
    db.$client.execute("SELECT slug, updated_at FROM categories ORDER BY name"),
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
  add("/tool", tools.rows);
  add("/blog", articles.rows);
  return entries;
}
