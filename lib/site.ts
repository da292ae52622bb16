/** The kinds of record that have a page under a slug of their own. */
export const SLUG_KINDS = ["tool", "category", "tag", "article"] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

/** The directory's name, in titles, feeds and structured data. */
export const SITE_NAME = "AI Tools Directory";

/**
 * Where each kind of record's page lives: `/tool/{slug}`, `/category/{slug}`, `/tag/{slug}`,
 * `/blog/{slug}`. A renamed record's old path answers 301 to the same place under its new slug.
 */
export const PAGE_PREFIX = {
  tool: "/tool/",
  category: "/category/",
  tag: "/tag/",
  article: "/blog/",
} as const satisfies Record<SlugKind, string>;
