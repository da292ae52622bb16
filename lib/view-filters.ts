import { PAGE_SIZE } from "./limits";
import { isPricingType } from "./pricing";
import { isToolSort, type ToolSort } from "./sort";

/**
 * A directory view's state as its address holds it (decision 008): `?search=&category=&pricing=
 * &tag=&sort=`, each left out at its default, so a link or the back button restores the view.
 */
export type Filters = {
  search: string;
  /** Category slug (the home page; a category page's own category is its path). */
  category: string | null;
  /** A pricing type, or "all". */
  pricing: string;
  /** Tag slugs: a tool must carry each. */
  tags: string[];
  /** Null: the default order (relevance when searching). */
  sort: ToolSort | null;
};

export const NO_FILTERS: Filters = { search: "", category: null, pricing: "all", tags: [], sort: null };

/**
 * A list page's view asked for in an address: the home page's, or a category page's (its own
 * view, see `categoryView`), with the last of its pages loaded (`?page=`, the home page only).
 */
export type DirectoryView = { page: "home" | "category"; filters: Filters; loaded: number };

/** A category page's view: its pricing, tags and sort (the category is the page itself). */
export const categoryView = (f: Filters): Filters => ({ ...f, search: "", category: null });

/** At most this many tags in one view (the API's limit). */
const MAX_TAGS = 10;

const slugPart = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 100);

/** The view an address asks for; anything unknown or malformed is left at its default. */
export function readFilters(query: string | URLSearchParams): Filters {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const pricing = params.get("pricing") ?? "";
  const sort = params.get("sort") ?? "";
  const tags = (params.get("tag") ?? "").split(",").map(slugPart).filter(Boolean);
  return {
    search: (params.get("search") ?? "").trim().slice(0, 200),
    category: slugPart(params.get("category") ?? "") || null,
    pricing: isPricingType(pricing) ? pricing : "all",
    tags: [...new Set(tags)].slice(0, MAX_TAGS),
    sort: isToolSort(sort) ? sort : null,
  };
}

/** The address of a view: its query string ("" for the default view), in a fixed order. */
export function filtersQuery(f: Filters): string {
  const params = new URLSearchParams();
  if (f.search) params.set("search", f.search);
  if (f.category) params.set("category", f.category);
  if (f.pricing !== "all") params.set("pricing", f.pricing);
  if (f.tags.length) params.set("tag", f.tags.join(","));
  if (f.sort) params.set("sort", f.sort);
  const query = params.toString().replace(/%2C/g, ",");
  return query ? `?${query}` : "";
}

/**
 * The last page of a list an address keeps loaded, so Back shows as many. Counted from 0 here;
 * the address counts as a visitor does (`?page=2` is the second page, after one Load More).
 * At most what one API call (limit 100) answers from the first page.
 */
export const MAX_PAGE = Math.floor(100 / PAGE_SIZE) - 1;

export function readPage(query: string | URLSearchParams): number {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isFinite(page) ? Math.min(Math.max(page - 1, 0), MAX_PAGE) : 0;
}

/** The address of a view with its loaded pages: `page` follows the filters, left out for the first. */
export function pagedQuery(f: Filters, page: number): string {
  const query = filtersQuery(f);
  if (page <= 0) return query;
  return `${query ? `${query}&` : "?"}page=${page + 1}`;
}

/**
 * Whether a view of a page may be indexed, and its canonical query. The home page is indexed
 * unfiltered only; a category page also with one tag or one pricing type alone (landing pages
 * of their own: "Free Writing AI Tools"). Every other view is `noindex,follow`, canonical to
 * the unfiltered page.
 */
export function indexing(
  f: Filters & { page?: number },
  page: "home" | "category",
): { index: boolean; canonicalQuery: string } {
  const query = filtersQuery(f);
  // A list with more pages loaded is a copy of its first page: never indexed.
  if (f.page) return { index: false, canonicalQuery: "" };
  if (!query) return { index: true, canonicalQuery: "" };
  // Nothing else set once `key` is back at its default.
  const alone = (key: keyof Filters) => filtersQuery({ ...f, [key]: NO_FILTERS[key] }) === "";
  const single = (f.tags.length === 1 && alone("tags")) || (f.pricing !== "all" && alone("pricing"));
  if (page === "category" && single) return { index: true, canonicalQuery: query };
  return { index: false, canonicalQuery: "" };
}
