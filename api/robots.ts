import { indexing, readFilters, readPage } from "../lib/view-filters";

/**
 * The X-Robots-Tag of a directory address (decision 008): a filtered or searched view of the
 * home page or a category page is "noindex, follow" (its canonical is the unfiltered page), except
 * a category with one tag or one pricing type alone. Null for every other address.
 */
export function robotsTagFor(path: string, query: string): string | null {
  if (!query) return null;
  const page = directoryPage(path);
  if (!page) return null;
  const params = new URLSearchParams(query);
  // Any `page` parameter, even a malformed one, is a copy of the list's first page.
  const loaded = params.has("page") ? Math.max(readPage(params), 1) : 0;
  return indexing({ ...readFilters(params), page: loaded }, page).index ? null : "noindex, follow";
}

/** Which list page a path is: the home directory, a category page, or neither. */
export function directoryPage(path: string): "home" | "category" | null {
  if (path === "/" || path === "/index.html") return "home";
  return /^\/category\/[^/]+\/?$/.test(path) ? "category" : null;
}
