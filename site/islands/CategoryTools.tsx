import { useState } from "react";
import { PRICING_FILTERS as OPTIONS } from "../../lib/pricing";
import ToolCard from "../components/react/ToolCard";
import type { Tool } from "../lib/types";

/**
 * A category's tools with the 'Filter by Pricing' sidebar. Its first 100 tools arrive
 * pre-rendered (SPEC §9); the featured section (up to 3) and the pricing filter apply to them in
 * the browser (SPEC §7).
 */
export default function CategoryTools({ name, tools }: { name: string; tools: Tool[] }) {
  const [pricing, setPricing] = useState("all");
  const featured = tools.filter((t) => t.is_featured).slice(0, 3);
  const shown = pricing === "all" ? tools : tools.filter((t) => t.pricing_type === pricing);
  const label = OPTIONS.find((o) => o.value === pricing)?.label ?? pricing;
  return (
    <div className="layout-2col sidebar-left">
      <aside className="card" style={{ alignSelf: "start" }} aria-labelledby="pricing-filter-heading">
        <h2 id="pricing-filter-heading" style={{ fontSize: "1.1rem", marginTop: 0 }}>
          Filter by Pricing
        </h2>
        <ul className="filter-list">
          {OPTIONS.map((o) => (
            <li key={o.value}>
              <button type="button" aria-pressed={pricing === o.value} onClick={() => setPricing(o.value)}>
                {o.label}
              </button>
            </li>
          ))}
        </ul>
        <p className="hint" role="status">
          Showing {shown.length} tools
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
        <section className="section" aria-labelledby="all-heading">
          <h2 id="all-heading">All {name} Tools</h2>
          {shown.length === 0 ? (
            <div className="empty">
              <p>No {label} tools found in this category.</p>
              <button type="button" className="btn btn-outline" onClick={() => setPricing("all")}>
                View All Tools
              </button>
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
