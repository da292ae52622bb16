import type { APIContext } from "astro";
import { buildDb, discovery, sitemapEntries } from "../lib/data";
import { sitemapChunks, sitemapResponse } from "../lib/sitemap";

export async function getStaticPaths() {
  const chunks = sitemapChunks(await sitemapEntries(await buildDb(), await discovery()));
  return Array.from({ length: chunks }, (_, page) => ({ params: { page: String(page) } }));
}

export async function GET(context: APIContext) {
  const entries = await sitemapEntries(await buildDb(), await discovery());
  return sitemapResponse(context.site ?? new URL("http://localhost:4321"), entries, Number(context.params.page));
}
