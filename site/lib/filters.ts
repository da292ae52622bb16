import { isPricingType } from "../../lib/pricing";
import { isToolSort, type ToolSort } from "../../lib/sort";

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

/** `tags` with `slug` added, or removed when it is there. */
export const toggled = (tags: string[], slug: string) =>
  tags.includes(slug) ? tags.filter((t) => t !== slug) : [...tags, slug];

/**
 * Whether a view of a page may be indexed, and its canonical query. The home page is indexed
 * unfiltered only; a category page also with one tag or one pricing type alone (landing pages
 * of their own: "Free Writing AI Tools"). Every other view is `noindex,follow`, canonical to
 * the unfiltered page.
 */
export function indexing(f: Filters, page: "home" | "category"): { index: boolean; canonicalQuery: string } {
  const query = filtersQuery(f);
  if (!query) return { index: true, canonicalQuery: "" };
  // Nothing else set once `key` is back at its default.
  const alone = (key: keyof Filters) => filtersQuery({ ...f, [key]: NO_FILTERS[key] }) === "";
  const single = (f.tags.length === 1 && alone("tags")) || (f.pricing !== "all" && alone("pricing"));
  if (page === "category" && single) return { index: true, canonicalQuery: query };
  return { index: false, canonicalQuery: "" };
}

/**
 * Brings the page's robots tag and canonical link in line with the view shown (see `indexing`).
 * The pre-rendered page is the unfiltered view; the canonical keeps its origin and path.
 */
export function applyIndexing(f: Filters, page: "home" | "category"): void {
  const { index, canonicalQuery } = indexing(f, page);
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (canonical) {
    const url = new URL(canonical.href);
    url.search = canonicalQuery;
    canonical.href = url.href;
  }
  let robots = document.querySelector<HTMLMetaElement>('meta[name="robots"]');
  if (index) {
    robots?.remove();
    return;
  }
  if (!robots) {
    robots = document.createElement("meta");
    robots.name = "robots";
    document.head.append(robots);
  }
  robots.content = "noindex,follow";
}

/**
 * Keeps a view in the address: `push` records a new view (a history entry, so Back returns to
 * the previous one); `onReturn` is called with the view the address holds after Back or Forward.
 */
export function followAddress(onReturn: (f: Filters) => void): () => void {
  const listener = () => onReturn(readFilters(window.location.search));
  window.addEventListener("popstate", listener);
  return () => window.removeEventListener("popstate", listener);
}

export function pushFilters(f: Filters): void {
  const next = `${window.location.pathname}${filtersQuery(f)}`;
  if (next !== `${window.location.pathname}${window.location.search}`) window.history.pushState(null, "", next);
}
