import { useEffect, useRef, useState } from "react";
import { CATEGORY_PAGE_LIMIT, FEATURED_PLACES } from "../../lib/limits";
import { PRICING_FILTERS as OPTIONS } from "../../lib/pricing";
import { SORT_LABELS, TOOL_SORTS } from "../../lib/sort";
import { showingCount } from "../../lib/words";
import ToolCard from "../components/react/ToolCard";
import { api } from "../lib/api";
import { type Filters, filtersQuery, NO_FILTERS, categoryView as own, readFilters } from "../lib/filters";
import { toast } from "../lib/toast";
import type { TagChip, ToolCardData } from "../lib/types";
import TagChips from "./TagChips";
import { useFilters } from "./useFilters";

type Props = {
  id: number;
  name: string;
  slug: string;
  tools: ToolCardData[];
  tags: TagChip[];
  /**
   * Set when the server rendered this list on request (a tag or a sort in the address): the
   * view and the API's answer for it.
   */
  served?: Filters & { tools: ToolCardData[] };
};

/** Tags and sorts are answered by the API; the pricing filter alone by the pre-rendered list. */
export const answeredByApi = (f: Filters) => f.tags.length > 0 || f.sort !== null;

/**
 * A category's tools with the 'Filter by Pricing' sidebar, tag chips and a sort menu. Its first
 * 100 tools arrive pre-rendered (SPEC §9); the featured section (up to 3) and the pricing filter
 * apply to them in the browser (SPEC §7). A tag or a sort asks the API for the category's tools
 * with every filter. The view lives in the address (site/lib/filters.ts).
 */
export default function CategoryTools({ id, name, slug, tools, tags, served }: Props) {
  const [drawn] = useState(() => served && { ...own(served), page: 0 });
  const filters = useFilters({ indexAs: "category", path: `/category/${slug}`, scope: own, served: drawn });
  const { view, apply } = filters;
  const [fetched, setFetched] = useState<{ query: string; tools: ToolCardData[] } | null>(
    served ? { query: filtersQuery(own(served)), tools: served.tools } : null,
  );
  // The query the server answered: not asked again while the address holds it.
  const answered = useRef(fetched?.query ?? null);

  const remote = answeredByApi(view);
  const query = remote ? filtersQuery(view) : "";
  useEffect(() => {
    if (!query || query === answered.current) return;
    answered.current = null;
    const f = readFilters(query);
    const params = new URLSearchParams({ category_id: String(id), limit: String(CATEGORY_PAGE_LIMIT) });
    if (f.pricing !== "all") params.set("pricing", f.pricing);
    if (f.tags.length) params.set("tag", f.tags.join(","));
    if (f.sort) params.set("sort", f.sort);
    let stale = false;
    api<ToolCardData[]>(`/tools/?${params}`, { auth: false })
      .then((list) => {
        if (!stale) setFetched({ query, tools: list ?? [] });
      })
      .catch(() => toast.error("Failed to load tools"));
    return () => {
      stale = true;
    };
  }, [id, query]);

  const loading = remote && fetched?.query !== query;
  const pool = remote ? (fetched?.query === query ? fetched.tools : []) : tools;
  const shown = remote || view.pricing === "all" ? pool : pool.filter((t) => t.pricing_type === view.pricing);
  // Featured tools lead only the default order.
  const featured = view.sort ? [] : shown.filter((t) => t.is_featured).slice(0, FEATURED_PLACES);
  const label = OPTIONS.find((o) => o.value === view.pricing)?.label ?? view.pricing;
  return (
    <div className="layout-2col sidebar-left">
      <aside className="card" style={{ alignSelf: "start" }} aria-labelledby="pricing-filter-heading">
        <h2 id="pricing-filter-heading" style={{ fontSize: "1.1rem", marginTop: 0 }}>
          Filter by Pricing
        </h2>
        <ul className="filter-list chip-row">
          {OPTIONS.map((o) => (
            <li key={o.value}>
              <button type="button" aria-pressed={view.pricing === o.value} onClick={() => apply({ pricing: o.value })}>
                {o.label}
              </button>
            </li>
          ))}
        </ul>
        <label htmlFor="category-sort" className="sort-label">
          Sort by
        </label>
        <select
          id="category-sort"
          className="select"
          value={view.sort ?? ""}
          onChange={(e) => apply({ sort: TOOL_SORTS.find((s) => s === e.target.value) ?? null })}
        >
          <option value="">Recommended</option>
          {TOOL_SORTS.filter((s) => s !== "relevance").map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <TagChips label={`${name} tags`} tags={tags} filters={filters} />
        <p className="hint" role="status">
          {loading ? "Loading..." : showingCount(shown.length)}
        </p>
      </aside>
      <div>
        {featured.length > 0 ? (
          <section className="section" aria-labelledby="featured-heading">
            <h2 id="featured-heading">Featured {name} Tools</h2>
            <div className="grid">
              {featured.map((t) => (
                <ToolCard key={t.id} tool={t} />
              ))}
            </div>
          </section>
        ) : null}
        <section className="section" aria-labelledby="all-heading" aria-busy={loading}>
          <h2 id="all-heading">All {name} Tools</h2>
          {loading ? null : shown.length === 0 ? (
            <div className="empty">
              <p>
                {view.pricing !== "all" && !remote
                  ? `No ${label} tools found in this category.`
                  : "No tools found. Try adjusting your filters."}
              </p>
              {/* Offered only while a filter hides some of the category's tools. */}
              {view.pricing !== "all" || view.tags.length > 0 ? (
                <button type="button" className="btn btn-outline" onClick={() => apply(NO_FILTERS)}>
                  View All Tools
                </button>
              ) : null}
            </div>
          ) : (
            <div className="grid">
              {shown.map((t) => (
                <ToolCard key={t.id} tool={t} />
              ))}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
