import type { APIContext } from "astro";
import type { Category } from "../../../../db/schema";
import { buildDb, inScope, listCategories, renderScope } from "../../../lib/data";
import { categoryFeed, rssFeed } from "../../../lib/feeds";

export async function getStaticPaths() {
  const categories = inScope(await listCategories(await buildDb()), renderScope().categories, (c) => c.slug);
  return categories.map((category) => ({ params: { slug: category.slug }, props: { category } }));
}

export async function GET(context: APIContext) {
  const { category } = context.props as { category: Category };
  const site = context.site ?? new URL("http://localhost:4321");
  const [feed, items] = await categoryFeed(await buildDb(), site, category);
  return rssFeed(feed, items);
}
