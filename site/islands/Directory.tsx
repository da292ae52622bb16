import { useStore } from "@nanostores/react";
import { atom, computed } from "nanostores";
import { useEffect, useMemo, useRef, useState } from "react";
import { PAGE_SIZE } from "../../lib/limits";
import { PRICING_FILTERS } from "../../lib/pricing";
import ToolCard from "../components/react/ToolCard";
import { apiResponse } from "../lib/api";
import { createFetcherStore } from "../lib/query";
import { toast } from "../lib/toast";
import type { CategoryChip, Tool } from "../lib/types";

type Props = { initialTools: Tool[]; categories: CategoryChip[] };
type Filters = { search: string; categoryId: number | null; pricing: string; page: number };

function queryString(f: Filters): string {
  const params = new URLSearchParams();
  if (f.search) params.set("search", f.search);
  if (f.categoryId != null) params.set("category_id", String(f.categoryId));
  if (f.pricing !== "all") params.set("pricing", f.pricing);
  params.set("limit", String(PAGE_SIZE));
  params.set("offset", String(f.page * PAGE_SIZE));
  return params.toString();
}

/**
 * The home directory: search applied on Search/Enter, category chips, pricing filter and Load
 * More. The first page comes pre-rendered in the HTML; later pages come from the API.
 */
export default function Directory({ initialTools, categories }: Props) {
  const [$filters] = useState(() => atom<Filters | null>(null));
  // Each result carries the query it answers, so a stale page is never merged under new filters.
  const [$page] = useState(() =>
    createFetcherStore<{ query: string; tools: Tool[]; corrected: string | null }>(
      ["/tools/?", computed($filters, (f) => (f ? queryString(f) : null))],
      {
        fetcher: async (...parts) => {
          const { data, headers } = await apiResponse<Tool[]>(parts.join(""));
          return { query: String(parts[1]), tools: data, corrected: headers.get("x-search-corrected") };
        },
      },
    ),
  );
  const filters = useStore($filters);
  const page = useStore($page);
  const [typed, setTyped] = useState("");
  const [tools, setTools] = useState<Tool[]>(initialTools);
  const [hasMore, setHasMore] = useState(initialTools.length >= PAGE_SIZE);
  const [corrected, setCorrected] = useState<string | null>(null);
  const merged = useRef<string | null>(null);

  // Reads ?search= so the plain HTML search form works before (or without) hydration.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search).get("search")?.trim();
    if (q) {
      setTyped(q);
      $filters.set({ search: q, categoryId: null, pricing: "all", page: 0 });
    }
  }, [$filters]);

  useEffect(() => {
    if (!filters || page.loading) return;
    const key = queryString(filters);
    if (page.error && merged.current !== `error:${key}`) {
      merged.current = `error:${key}`;
      toast.error("Failed to fetch tools");
      return;
    }
    if (!page.data || page.data.query !== key || merged.current === key) return;
    merged.current = key;
    const data = page.data.tools;
    setTools((current) => (filters.page === 0 ? data : [...current, ...data]));
    if (filters.page === 0) setCorrected(filters.search ? page.data.corrected : null);
    setHasMore(data.length >= PAGE_SIZE);
  }, [page, filters]);

  const current: Filters = filters ?? { search: "", categoryId: null, pricing: "all", page: 0 };
  const apply = (next: Partial<Filters>) => $filters.set({ ...current, ...next, page: next.page ?? 0 });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    apply({ search: typed.trim() });
  };
  const firstLoad = page.loading && current.page === 0 && tools.length === 0;
  const loadingMore = page.loading && current.page > 0;
  const visible = useMemo(() => tools, [tools]);

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
            />
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
            placeholder="Search by name, description or category"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          <label className="visually-hidden" htmlFor="pricing-filter">
            Pricing
          </label>
          <select
            id="pricing-filter"
            className="select"
            style={{ maxWidth: 180 }}
            value={current.pricing}
            onChange={(e) => apply({ pricing: e.target.value })}
          >
            {PRICING_FILTERS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </form>
        {/* Categories are part of the pre-rendered page, so the chip row never waits on a load. */}
        {
          <div className="chips" role="group" aria-label="Categories">
            <button
              type="button"
              className="chip"
              aria-pressed={current.categoryId === null}
              onClick={() => apply({ categoryId: null })}
            >
              All
            </button>
            {categories.map((c) => (
              <button
                type="button"
                key={c.id}
                className="chip"
                aria-pressed={current.categoryId === c.id}
                onClick={() => apply({ categoryId: c.id })}
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
        {firstLoad ? (
          <div className="center" role="status" aria-label="Loading tools">
            <div className="spinner" />
          </div>
        ) : visible.length === 0 ? (
          <p className="empty">No tools found. Try adjusting your filters.</p>
        ) : (
          <div className="grid" aria-busy={page.loading}>
            {visible.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        )}
        {hasMore && visible.length > 0 ? (
          <div className="center" style={{ paddingBottom: 0 }}>
            <button
              type="button"
              className="btn btn-outline"
              disabled={loadingMore}
              onClick={() => apply({ page: current.page + 1 })}
            >
              {loadingMore ? "Loading..." : "Load More"}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
