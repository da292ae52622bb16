import { descriptionWords } from "../../ranking/description-words";
import type { Db } from "../client";
import { searchTools } from "./tools";
import { publicToolSql } from "./visibility";

/** How many of the nearest tools vote on a category and tags. */
const NEIGHBOURS = 10;
/** Most words of a new tool's text searched with. */
const QUERY_WORDS = 12;

/**
 * A category and tags for a new tool, from the directory's own search ranking: the published
 * tools whose words are nearest to its name and description vote, the nearer the heavier. Only
 * categories and tags that exist are ever named; nothing when no tool is near.
 */
export async function suggestPlacement(db: Db, text: string): Promise<{ category_id: number | null; tags: string[] }> {
  const words = descriptionWords(text).slice(0, QUERY_WORDS);
  if (words.length === 0) return { category_id: null, tags: [] };
  const { tools } = await searchTools(db, { search: words.join(" "), sort: "relevance", limit: NEIGHBOURS, offset: 0 });
  const categories = new Map<number, number>();
  const tags = new Map<string, number>();
  tools.forEach((tool, rank) => {
    const weight = 1 / (rank + 1);
    if (tool.category_id != null) categories.set(tool.category_id, (categories.get(tool.category_id) ?? 0) + weight);
    for (const tag of tool.tags) tags.set(tag.slug, (tags.get(tag.slug) ?? 0) + weight);
  });
  const best = [...categories].sort((a, b) => b[1] - a[1])[0];
  // The nearest tool's tags, and tags that lower-ranked near tools share (1/2 + 1/3 ...).
  const shared = [...tags].filter(([, w]) => w >= 0.5).sort((a, b) => b[1] - a[1]);
  return { category_id: best?.[0] ?? null, tags: shared.slice(0, 5).map(([slug]) => slug) };
}

/**
 * Published tools (`withPending`: and drafts waiting for review) whose website is on the site
 * `key` names (siteKey in media/autofill.ts): the host contains it, checked exactly by `sameSite`
 * on the few rows the LIKE finds.
 */
export async function toolsOnSite(
  db: Db,
  key: string,
  sameSite: (url: string) => boolean,
  withPending = false,
): Promise<{ id: number; slug: string; name: string }[]> {
  const pattern = `%${key.replace(/[\\%_]/g, "\\$&")}%`;
  const result = await db.$client.execute({
    sql: `SELECT id, slug, name, website_url FROM tools t
          WHERE (${publicToolSql("t")}${withPending ? " OR t.status = 'pending'" : ""}) AND website_url LIKE ? ESCAPE '\\' ORDER BY id LIMIT 50`,
    args: [pattern],
  });
  return result.rows
    .filter((r) => sameSite(String(r.website_url)))
    .slice(0, 5)
    .map((r) => ({ id: Number(r.id), slug: String(r.slug), name: String(r.name) }));
}
