import type { APIContext } from "astro";
import type { Category } from "../../../../db/schema";
import { buildDb, inScope, listCategories, noteReads, readKey, renderScope, untracked } from "../../../lib/data";
import { categoryFeed, rssFeed } from "../../../lib/feeds";

export const getStaticPaths = () =>
  untracked(async () => {
    const categories = inScope(await listCategories(await buildDb()), renderScope().categories, (c) => c.slug);
    return categories.map((category) => ({ params: { slug: category.slug }, props: { category } }));
  });

export async function GET(context: APIContext) {
  const { category } = context.props as { category: Category };
  noteReads([readKey.category(category.id)]);
  const site = context.site ?? new URL("http://localhost:4321");
  const [feed, items] = await categoryFeed(await buildDb(), site, category);
  return rssFeed(feed, items);
}
