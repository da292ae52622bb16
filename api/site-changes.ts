import type { Db } from "../db/client";
import { sitemapEntries } from "../db/queries/pages";
import { similarPools } from "../db/queries/tools";
import type { RenderScope } from "../lib/render-scope";
import { sitemapChunks } from "../site/lib/sitemap";

/** A tool as it was or is now: enough to find every page that shows it. */
export type ChangedTool = { slug: string; category_id: number | null };

export type PagePlan = { paths: string[]; remove: string[]; scope: RenderScope };

/** The "similar tools" pools the live pages were rendered with, by category id. */
export type Pools = Map<number, number[]>;

/**
 * The pages one change touches: each changed tool's page (or its removal), the old and new
 * category pages, the home page, the sitemap, and every tool page of a category whose
 * "similar tools" pool shows a changed tool or is no longer the same.
 */
export async function planPages(db: Db, changed: ChangedTool[], rendered: Pools): Promise<PagePlan> {
  const slugs = [...new Set(changed.map((t) => t.slug))];
  const categoryIds = [...new Set(changed.flatMap((t) => (t.category_id == null ? [] : [t.category_id])))];
  const present = await rows(db, "SELECT id, slug FROM tools WHERE slug IN", slugs);
  const live = new Set(present.map((r) => String(r.slug)));
  const changedIds = new Set(present.map((r) => Number(r.id)));

  const pools = await similarPools(db, categoryIds);
  const neighbourCategories = categoryIds.filter((id) => {
    const before = rendered.get(id) ?? [];
    const after = pools.get(id) ?? [];
    return before.join() !== after.join() || [...before, ...after].some((t) => changedIds.has(t));
  });
  const neighbours = await rows(db, "SELECT slug FROM tools WHERE category_id IN", neighbourCategories);
  const categories = await rows(db, "SELECT slug FROM categories WHERE id IN", categoryIds);

  const toolSlugs = [...new Set([...slugs.filter((s) => live.has(s)), ...neighbours.map((r) => String(r.slug))])];
  const categorySlugs = categories.map((r) => String(r.slug));
  const chunks = sitemapChunks(await sitemapEntries(db));
  for (const [id, pool] of pools) rendered.set(id, pool);
  return {
    paths: [
      "/",
      ...categorySlugs.map((s) => `/category/${s}`),
      ...toolSlugs.map((s) => `/tool/${s}`),
      "/sitemap-index.xml",
      ...Array.from({ length: chunks }, (_, n) => `/sitemap-${n}.xml`),
    ],
    remove: slugs.filter((s) => !live.has(s)).map((s) => `/tool/${s}`),
    scope: { tools: toolSlugs, categories: categorySlugs, articles: [] },
  };
}

async function rows(db: Db, sqlPrefix: string, values: (string | number)[]) {
  if (values.length === 0) return [];
  const result = await db.$client.execute({
    sql: `${sqlPrefix} (${values.map(() => "?").join(",")})`,
    args: values,
  });
  return result.rows;
}
