import { SitemapIndexStream, SitemapStream, streamToPromise } from "sitemap";
import type { SitemapEntry } from "../../db/queries/pages";
import { sitemapPath } from "../../lib/sitemap";

const XML = { "content-type": "application/xml; charset=utf-8" };

/** One sitemap file, of one slice of SITEMAP_CHUNK public URLs. */
export async function sitemapResponse(site: URL, entries: SitemapEntry[]): Promise<Response> {
  const stream = new SitemapStream({ hostname: site.href });
  for (const entry of entries) {
    stream.write({ url: entry.path, ...(entry.lastmod ? { lastmod: entry.lastmod } : {}) });
  }
  stream.end();
  return new Response((await streamToPromise(stream)).toString("utf8"), { headers: XML });
}

/** The index search engines read first (robots.txt and every page link to it). */
export async function sitemapIndexResponse(site: URL, chunks: number): Promise<Response> {
  const stream = new SitemapIndexStream();
  for (let page = 0; page < chunks; page++) stream.write({ url: new URL(sitemapPath(page), site).href });
  stream.end();
  return new Response((await streamToPromise(stream)).toString("utf8"), { headers: XML });
}
