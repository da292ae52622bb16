import type { Db } from "../db/client";
import { categorySlugs, type SimilarCard } from "../db/queries/pages";
import { getTool } from "../db/queries/tools";
import { NO_RECORDS, type RenderScope } from "./scope";

/**
 * A tool as it was before a change or is after it: where it sat (category), what the pages listing
 * it show of it (its similar-tools card), and its page.
 */
export type ChangedTool = SimilarCard & { category_id: number | null };

/** The pages an incremental pass writes and removes, and the records their routes may read. */
export type PagePlan = { paths: string[]; remove: string[]; scope: RenderScope };

/**
 * The pages one change touches for certain: each changed tool's page (or its removal), its old
 * and new category pages and the home page. The renderer adds the pages whose alternatives or
 * comparisons the change moved, and the sitemap (rebuild/discovery.ts), which it works out
 * against what the live build shows.
 */
export async function planPages(db: Db, changed: ChangedTool[]): Promise<PagePlan> {
  const now = new Map<number, ChangedTool>();
  for (const id of new Set(changed.map((t) => t.id))) {
    const tool = await getTool(db, { id });
    if (tool) now.set(id, tool);
  }
  const live = [...now.values()].map((t) => t.slug);
  // A slug a changed tool no longer has: its page goes, unless another tool holds it now.
  const gone: string[] = [];
  for (const slug of new Set(changed.map((t) => t.slug))) {
    if (live.includes(slug)) continue;
    if (await getTool(db, { slug })) live.push(slug);
    else gone.push(slug);
  }
  const categoryIds = [...new Set([...changed, ...now.values()].flatMap((t) => t.category_id ?? []))];
  const categories = await categorySlugs(db, categoryIds);
  return {
    paths: ["/", ...categories.map((s) => `/category/${s}`), ...live.map((s) => `/tool/${s}`)],
    remove: gone.map((s) => `/tool/${s}`),
    scope: { ...NO_RECORDS, tools: live, categories },
  };
}
