import { useState } from "react";
import { formatRating } from "../../../lib/format";
import { plainText } from "../../../lib/plain-text";
import { plural } from "../../../lib/words";
import type { Tool, ToolCardData } from "../../lib/types";
import PricingBadge from "./PricingBadge";
import SaveButton from "./SaveButton";
import ToolLogo from "./ToolLogo";

/** The detail route uses the slug when present, otherwise the id (SPEC §2). */
export const toolHref = (tool: Pick<Tool, "slug" | "id">) => `/tool/${tool.slug || tool.id}`;

/** A tool in a grid (SPEC §2 "Tool card"). */
/** `saved`: known saved by the viewer (their saved list), so the card asks nothing about it. */
export default function ToolCard({ tool, saved }: { tool: ToolCardData; saved?: boolean }) {
  const [saves, setSaves] = useState(tool.saves_count);
  const rating = formatRating(tool.avg_rating);
  return (
    <article className="card tool-card">
      {tool.is_featured ? <span className="badge badge-featured">Featured</span> : null}
      <div className="tool-card-head">
        <ToolLogo name={tool.name} image={tool.media?.logo ?? null} />
        <div>
          <h3>
            <a href={toolHref(tool)} style={{ color: "inherit", textDecoration: "none" }}>
              {tool.name}
            </a>
          </h3>
          <span className="category">{tool.category_name ?? "Uncategorized"}</span>
          {tool.is_verified ? (
            <span className="badge badge-verified" title="Its maker verified this listing">
              Verified
            </span>
          ) : null}
        </div>
      </div>
      <p className="clamp-2">{tool.description ? plainText(tool.description) : "No description available"}</p>
      <div className="meta-row">
        <PricingBadge pricing={tool.pricing_type} />
        {rating ? (
          <span className="rating" title={`Rated ${rating} out of 5`}>
            ★ {rating} <span style={{ color: "var(--color-muted)", fontWeight: 400 }}>({tool.review_count})</span>
          </span>
        ) : null}
        {saves > 0 ? (
          <span>
            {saves} {plural(saves, "save")}
          </span>
        ) : null}
      </div>
      {/* The icon buttons' count fixes their columns (global.css .card-actions). */}
      <div className={`actions-row card-actions icons-${tool.website_url ? 2 : 1}`}>
        <a className="btn btn-primary grow" href={toolHref(tool)}>
          View Details
        </a>
        {tool.website_url ? (
          <a
            className="btn btn-outline btn-icon"
            href={tool.website_url}
            target="_blank"
            rel="noopener nofollow"
            title="Visit website"
          >
            <span className="visually-hidden">Visit {tool.name} website</span>
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3" />
            </svg>
          </a>
        ) : null}
        <SaveButton toolId={tool.id} onCount={setSaves} knownSaved={saved} />
      </div>
    </article>
  );
}
