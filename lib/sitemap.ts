/** The sitemap's files: how the site's URLs are split, and what the files are called. */

/** URLs per sitemap file: under the protocol's 50,000 so a file never needs splitting later. */
export const SITEMAP_CHUNK = 45_000;

/** The path of the `page`th sitemap file. */
export const sitemapPath = (page: number) => `/sitemap-${page}.xml`;
/** A sitemap file's name, as it lies in the build folder. */
export const SITEMAP_FILE = /^sitemap-\d+\.xml$/;

/** How many sitemap files a site of these entries takes (one at least). */
export function sitemapChunks(entries: { length: number }): number {
  return Math.max(1, Math.ceil(entries.length / SITEMAP_CHUNK));
}
