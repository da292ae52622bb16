import rss from "@astrojs/rss";
import type { APIContext } from "astro";
import { clean } from "../../../lib/feed-item";
import { SITE_NAME } from "../../../lib/site";
import { buildDb, listPublishedArticles } from "../../lib/data";

export async function GET(context: APIContext) {
  const articles = await listPublishedArticles(await buildDb());
  return rss({
    title: `${SITE_NAME} Blog`,
    description: "Guides, comparisons and news about AI tools.",
    site: context.site ?? "http://localhost:4321",
    items: articles.map((a) => ({
      // XML has no place for control characters: one in a title made the whole feed unreadable.
      title: clean(a.title),
      link: `/blog/${a.slug}`,
      pubDate: new Date(a.published_at ?? a.created_at),
      description: clean(a.excerpt || a.meta_description),
    })),
  });
}
