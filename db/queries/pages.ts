import type { Db } from "../client";
import type { Tool } from "./rows";
import { listTools } from "./tools";

export type PageReview = { id: number; rating: number; comment: string; created_at: string };
export type ToolPage = { tool: Tool; reviews: PageReview[]; similar: Tool[] };

/**
 * Everything the tool pages need, loaded in one pass (two queries) instead of two queries per
 * page: each tool with its reviews (newest first) and up to 3 similar tools from its category,
 * in the directory's order.
 */
export async function loadToolPages(db: Db): Promise<ToolPage[]> {
  const tools = await listTools(db, { limit: 10_000_000, offset: 0 });
  const result = await db.$client.execute(
    "SELECT id, tool_id, rating, comment, created_at FROM reviews ORDER BY created_at DESC, id DESC",
  );
  const reviews = new Map<number, PageReview[]>();
  for (const r of result.rows) {
    const list = reviews.get(Number(r.tool_id)) ?? [];
    list.push({
      id: Number(r.id),
      rating: Number(r.rating),
      comment: String(r.comment ?? ""),
      created_at: String(r.created_at),
    });
    reviews.set(Number(r.tool_id), list);
  }
  // The first 4 of each category, as GET /tools/?category_id=…&limit=4 returns them.
  const leaders = new Map<number, Tool[]>();
  for (const tool of tools) {
    if (tool.category_id == null) continue;
    const list = leaders.get(tool.category_id) ?? [];
    if (list.length < 4) list.push(tool);
    leaders.set(tool.category_id, list);
  }
  return tools.map((tool) => ({
    tool,
    reviews: reviews.get(tool.id) ?? [],
    similar:
      tool.category_id == null ? [] : (leaders.get(tool.category_id) ?? []).filter((t) => t.id !== tool.id).slice(0, 3),
  }));
}
