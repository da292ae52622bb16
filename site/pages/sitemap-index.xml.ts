import type { APIContext } from "astro";
import { sitemapChunks } from "../../lib/sitemap";
import { allSitemapEntries, sameInputs } from "../lib/data";
import { sitemapIndexResponse } from "../lib/sitemap";

export async function GET(context: APIContext) {
  const chunks = sitemapChunks(await allSitemapEntries());
  // It lists the sitemap files: it changes only with their number.
  if (sameInputs(context.url.pathname, String(chunks))) return new Response(null, { status: 304 });
  return sitemapIndexResponse(context.site ?? new URL("http://localhost:4321"), chunks);
}
