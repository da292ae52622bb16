import { type Filters, filtersQuery, indexing, pagedQuery, readFilters } from "../../lib/view-filters";

// The view's rules are shared with the server, which marks filtered addresses noindex.
export {
  categoryView,
  type Filters,
  filtersQuery,
  indexing,
  MAX_PAGE,
  NO_FILTERS,
  pagedQuery,
  readFilters,
  readPage,
} from "../../lib/view-filters";

/** `tags` with `slug` added, or removed when it is there. */
export const toggled = (tags: string[], slug: string) =>
  tags.includes(slug) ? tags.filter((t) => t !== slug) : [...tags, slug];

/**
 * Brings the page's robots tag and canonical link in line with the view shown (see `indexing`).
 * The pre-rendered page is the unfiltered view; the canonical keeps its origin and path.
 */
export function applyIndexing(f: Filters & { page?: number }, page: "home" | "category"): void {
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

/** Records the pages a list has loaded in the current history entry, so Back shows as many. */
export function replacePage(f: Filters, page: number): void {
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${pagedQuery(f, page)}`);
}

const scrollKey = () => `scroll:${window.location.pathname}${window.location.search}`;

/**
 * Keeps the scroll offset of the page being left. The browser restores it on Back before the
 * list's extra pages arrive from the API, so the list puts it back once they are drawn.
 */
export function rememberScroll(): () => void {
  const keep = () => sessionStorage.setItem(scrollKey(), String(window.scrollY));
  window.addEventListener("pagehide", keep);
  return () => window.removeEventListener("pagehide", keep);
}

/** The scroll offset left on this address, when the page was reached by Back or Forward. */
export function returnedScroll(): number | null {
  const [entry] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (entry?.type !== "back_forward") return null;
  const y = Number(sessionStorage.getItem(scrollKey()));
  return Number.isFinite(y) && y > 0 ? y : null;
}
