import { createHash } from "node:crypto";
import type { APIContext } from "astro";
import { SITEMAP_CHUNK, sitemapChunks } from "../../lib/sitemap";
import { allSitemapEntries, rendersUnshared, sameInputs, untracked } from "../lib/data";
import { sitemapResponse } from "../lib/sitemap";

export const getStaticPaths = () =>
  untracked(async () => {
    // A split build's first worker writes the sitemap.
    if (!rendersUnshared()) return [];
    const chunks = sitemapChunks(await allSitemapEntries());
    return Array.from({ length: chunks }, (_, page) => ({ params: { page: String(page) } }));
  });

export async function GET(context: APIContext) {
  const page = Number(context.params.page);
  const entries = (await allSitemapEntries()).slice(page * SITEMAP_CHUNK, (page + 1) * SITEMAP_CHUNK);
  // Most changes move one file's entries (an edit, a new article): the others keep theirs.
  const digest = createHash("sha256").update(JSON.stringify(entries)).digest("base64");
  if (sameInputs(context.url.pathname, digest)) return new Response(null, { status: 304 });
  return sitemapResponse(context.site ?? new URL("http://localhost:4321"), entries);
}
