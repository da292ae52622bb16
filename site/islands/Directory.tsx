import { useStore } from "@nanostores/react";
import { computed } from "nanostores";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { PAGE_SIZE } from "../../lib/limits";
import { PRICING_FILTERS } from "../../lib/pricing";
import { SORT_LABELS, TOOL_SORTS } from "../../lib/sort";
import ToolCard from "../components/react/ToolCard";
import { apiResponse } from "../lib/api";
import { filtersQuery, MAX_PAGE, returnedScroll } from "../lib/filters";
import { lazyFetcherStore } from "../lib/lazy-fetcher";
import { toast } from "../lib/toast";
import type { CategoryChip, TagChip, ToolCardData } from "../lib/types";
import TagChips from "./TagChips";
import { type PagedView, type ServedView, useFilters } from "./useFilters";

// Suggestions are asked for as the visitor types: their code loads with the first letter.
const SearchSuggestions = lazy(() => import("./SearchSuggestions"));
const noSuggestions = <datalist id="search-suggestions" />;
// The search results' sponsors are asked for only once a search is applied.
const SearchSponsors = lazy(() => import("../components/react/SearchSponsors"));

type Props = {
  initialTools: ToolCardData[];
  categories: CategoryChip[];
  tags: TagChip[];
  /**
   * Set when the server rendered this list on request (a search or filter in the address):
   * the view `initialTools` answers, pages 0..`page` of it, and the query's correction.
   */
  served?: ServedView & { corrected: string | null };
};

/** The API call for a view: the address's category slug becomes the spec's category_id. */
function apiQuery(v: PagedView, categories: CategoryChip[]): string {
  const params = new URLSearchParams();
  if (v.search) params.set("search", v.search);
  const category = categories.find((c) => c.slug === v.category);
  if (category) params.set("category_id", String(category.id));
  if (v.pricing !== "all") params.set("pricing", v.pricing);
  if (v.tags.length) params.set("tag", v.tags.join(","));
  if (v.sort) params.set("sort", v.sort);
  // Pages `from`..`page` in one call: one page after Load More, all of them restored from the address.
  params.set("limit", String((v.page - v.from + 1) * PAGE_SIZE));
  params.set("offset", String(v.from * PAGE_SIZE));
  return params.toString();
}

/** The query the API answered instead of the typed one (percent-encoded in its header), or null. */
function correctedQuery(headers: Headers): string | null {
  const value = headers.get("x-search-corrected");
  if (value === null) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The home directory: search applied on Search/Enter, category and tag chips, pricing filter,
 * sort menu and Load More. The view lives in the address (site/lib/filters.ts): choosing a filter
 * adds a history entry, and a link or Back restores the view. The first page comes pre-rendered
 * in the HTML, the view an address asks for drawn by the server (site/on-request/results-page.tsx,
 * `served`); any other view comes from the API.
 */
export default function Directory({ initialTools, categories, tags, served }: Props) {
  const [typed, setTyped] = useState(served?.search ?? "");
  const [tools, setTools] = useState<ToolCardData[]>(initialTools);
  const [hasMore, setHasMore] = useState(initialTools.length >= ((served?.page ?? 0) + 1) * PAGE_SIZE);
  const [corrected, setCorrected] = useState<string | null>(served?.corrected ?? null);
  const merged = useRef<string | null>(null);
  // Back to a list with pages restored from the address: where the visitor had scrolled to.
  const scrollTo = useRef<number | null>(null);
  // The address's view, on the first load and after Back or Forward: the pre-rendered page is
  // the unfiltered one, so a filtered address is fetched (before or without any click).
  const filters = useFilters({
    indexAs: "home",
    path: "/",
    served,
    onAddress: (f, shown) => {
      setTyped(f.search);
      // A list rendered on request is not the unfiltered one: that one is fetched.
      if (shown && !filtersQuery(f) && !served) {
        // Back to the unfiltered page: the pre-rendered list is its first page.
        merged.current = apiQuery({ ...f, page: 0, from: 0 }, categories);
        setTools(initialTools);
        setHasMore(initialTools.length >= PAGE_SIZE);
        setCorrected(null);
      }
    },
  });
  const { $view, chosen, view, apply } = filters;
  // Each result carries the query it answers, so a stale page is never merged under new filters.
  const [$page] = useState(() =>
    lazyFetcherStore<{ query: string; tools: ToolCardData[]; corrected: string | null }>(
      "/tools/?",
      computed($view, (v) => (v ? apiQuery(v, categories) : null)),
      {
        fetcher: async (...parts) => {
          const { data, headers } = await apiResponse<ToolCardData[]>(parts.join(""));
          return { query: String(parts[1]), tools: data, corrected: correctedQuery(headers) };
        },
      },
    ),
  );
  const page = useStore($page);

  useEffect(() => {
    if (!chosen || page.loading) return;
    const key = apiQuery(chosen, categories);
    if (page.error && merged.current !== `error:${key}`) {
      merged.current = `error:${key}`;
      toast.error("Failed to fetch tools");
      return;
    }
    if (!page.data || page.data.query !== key || merged.current === key) return;
    merged.current = key;
    const data = page.data.tools;
    setTools((current) => (chosen.from === 0 ? data : [...current, ...data]));
    if (chosen.from === 0) setCorrected(chosen.search ? page.data.corrected : null);
    if (chosen.from === 0 && chosen.page > 0) scrollTo.current = returnedScroll();
    setHasMore(data.length >= (chosen.page - chosen.from + 1) * PAGE_SIZE);
  }, [page, chosen, categories]);
  // After the restored pages are drawn, so the list is as tall as when it was left.
  useEffect(() => {
    if (scrollTo.current === null || tools.length === 0) return;
    window.scrollTo(0, scrollTo.current);
    scrollTo.current = null;
  }, [tools]);

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The box's own text: words typed before the island hydrated are in the box, not in `typed`.
    const search = String(new FormData(event.currentTarget).get("search") ?? typed);
    setTyped(search);
    apply({ search: search.trim() });
  };
  const firstLoad = page.loading && view.from === 0 && tools.length === 0;
  const loadingMore = page.loading && view.page > 0;

  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Find the Perfect AI Tool for Your Needs</h1>
          <p>Discover the best AI tools</p>
          <form
            className="search-form"
            role="search"
            aria-label="Search the directory"
            onSubmit={submit}
            action="/"
            method="get"
          >
            <label className="visually-hidden" htmlFor="hero-search">
              Search AI tools
            </label>
            <input
              id="hero-search"
              className="input"
              type="search"
              name="search"
              placeholder="Search AI tools..."
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              list="search-suggestions"
              autoComplete="off"
            />
            {typed ? (
              <Suspense fallback={noSuggestions}>
                <SearchSuggestions id="search-suggestions" text={typed} />
              </Suspense>
            ) : (
              noSuggestions
            )}
            <button className="btn btn-primary" type="submit">
              Search
            </button>
          </form>
        </div>
      </section>
      <section
        className="container"
        aria-labelledby="directory-heading"
        style={{ padding: "var(--space-6) var(--space-4)" }}
      >
        <h2 id="directory-heading" className="visually-hidden">
          AI tools
        </h2>
        <form
          className="search-form"
          role="search"
          aria-label="Filter the tools below"
          onSubmit={submit}
          style={{ maxWidth: "none" }}
          action="/"
          method="get"
        >
          <label className="visually-hidden" htmlFor="directory-search">
            Filter tools
          </label>
          <input
            id="directory-search"
            className="input"
            type="search"
            name="search"
            placeholder="Search name, description, category"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <label className="visually-hidden" htmlFor="pricing-filter">
            Pricing
          </label>
          <select
            id="pricing-filter"
            name="pricing"
            className="select"
            style={{ maxWidth: 180 }}
            value={view.pricing}
            onChange={(e) => apply({ pricing: e.target.value })}
          >
            {PRICING_FILTERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="sort-menu">
            Sort by
          </label>
          <select
            id="sort-menu"
            name="sort"
            className="select"
            style={{ maxWidth: 180 }}
            value={view.sort ?? ""}
            onChange={(e) => apply({ sort: TOOL_SORTS.find((s) => s === e.target.value) ?? null })}
          >
            <option value="">{view.search ? "Relevance" : "Recommended"}</option>
            {TOOL_SORTS.filter((s) => s !== "relevance").map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
          <TagChips label="Tags" tags={tags} filters={filters} />
          {view.category ? <input type="hidden" name="category" value={view.category} /> : null}
          {view.tags.length ? <input type="hidden" name="tag" value={view.tags.join(",")} /> : null}
          <noscript>
            <button className="btn btn-outline" type="submit">
              Apply
            </button>
          </noscript>
        </form>
        {/* Categories are part of the pre-rendered page, so the chip row never waits on a load. */}
        {
          <div className="chips chip-row" role="group" aria-label="Categories">
            <button
              type="button"
              className="chip"
              aria-pressed={view.category === null}
              onClick={() => apply({ category: null })}
            >
              All
            </button>
            {categories.map((c) => (
              <button
                type="button"
                key={c.id}
                className="chip"
                aria-pressed={view.category === c.slug}
                onClick={() => apply({ category: c.slug })}
              >
                {c.name}
              </button>
            ))}
          </div>
        }
        {/* Always present, so screen readers announce the correction when it appears. */}
        <p className="search-correction" role="status" aria-live="polite">
          {corrected ? (
            <>
              Showing results for <strong>{corrected}</strong>
            </>
          ) : null}
        </p>
        {view.search ? (
          <Suspense fallback={null}>
            <SearchSponsors search={view.search} />
          </Suspense>
        ) : null}
        {firstLoad ? (
          <div className="center" role="status" aria-label="Loading tools">
            <div className="spinner" />
          </div>
        ) : tools.length === 0 ? (
          <p className="empty">No tools found. Try adjusting your filters.</p>
        ) : (
          <div className="grid" aria-busy={page.loading}>
            {tools.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        )}
        {hasMore && tools.length > 0 && (filters.live || view.page < MAX_PAGE) ? (
          <div className="center" style={{ paddingBottom: 0 }}>
            {filters.live ? (
              <button type="button" className="btn btn-outline" disabled={loadingMore} onClick={filters.loadMore}>
                {loadingMore ? "Loading..." : "Load More"}
              </button>
            ) : (
              // Before the island runs (or without JavaScript): the server draws the next page.
              <a className="btn btn-outline" href={filters.nextPageHref}>
                Load More
              </a>
            )}
          </div>
        ) : null}
      </section>
    </>
  );
}
