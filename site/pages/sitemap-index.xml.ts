import type { APIContext } from "astro";
import { buildDb, discovery, sitemapEntries } from "../lib/data";
import { sitemapChunks, sitemapIndexResponse } from "../lib/sitemap";

export async function GET(context: APIContext) {
  const entries = await sitemapEntries(await buildDb(), await discovery());
  return sitemapIndexResponse(context.site ?? new URL("http://localhost:4321"), sitemapChunks(entries));
}
