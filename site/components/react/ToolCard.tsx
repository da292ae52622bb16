import { useStore } from "@nanostores/react";
import { memo, type ReactNode, useEffect, useState } from "react";
import { REASON_SEPARATOR } from "../../../lib/alternatives";
import { formatRating } from "../../../lib/format";
import { CARD_SUMMARY_CHARS, summary } from "../../../lib/plain-text";
import { plural } from "../../../lib/words";
import { toolHref } from "../../lib/tool-href";
import type { ToolCardData } from "../../lib/types";
import { $dealTools, loadDealTools } from "../../stores/deals";
import PricingBadge from "./PricingBadge";
import SaveButton from "./SaveButton";
import ToolLogo from "./ToolLogo";

/** What every card shows of a tool (a similar tool on a tool page carries no more). */
type CardTool = Pick<ToolCardData, "id" | "slug" | "name" | "description" | "category_name" | "media">;

type Props =
  /**
   * A card in an island's list: badges, counts, the website and Save. `saved`: known saved by the
   * viewer (their saved list), so the card asks nothing about it.
   */
  | { variant?: "grid"; tool: ToolCardData; saved?: boolean }
  /** A tool page's similar tool: the whole card is its link. */
  | { variant: "similar"; tool: CardTool; reasons: string[] }
  /** An alternatives page's ranked item: its name is the link, with its pricing and a comparison page. */
  | {
      variant: "ranked";
      tool: CardTool & Pick<ToolCardData, "pricing_type">;
      reasons: string[];
      compare: { href: string; label: string } | null;
    };

/**
 * A tool in a list (SPEC §2 "Tool card"), for the islands and the static pages alike: those render
 * it with no client directive, so it is HTML only (the similar and ranked cards have no controls).
 */
export default function ToolCard(props: Props) {
  if (props.variant === "similar") {
    return (
      <a className="card tool-card" href={toolHref(props.tool)} style={{ textDecoration: "none", color: "inherit" }}>
        {/* No "Uncategorized" here: a tool page has always left a similar tool's missing category blank. */}
        <CardHead tool={props.tool} title={props.tool.name} category={props.tool.category_name} />
        <Summary tool={props.tool} />
        <p className="reasons">{props.reasons.join(REASON_SEPARATOR)}</p>
      </a>
    );
  }
  if (props.variant === "ranked") {
    const { tool, compare } = props;
    return (
      <li className="card tool-card">
        <CardHead
          tool={tool}
          title={<a href={toolHref(tool)}>{tool.name}</a>}
          category={tool.category_name ?? "Uncategorized"}
        >
          {" "}
          <PricingBadge pricing={tool.pricing_type} />
        </CardHead>
        <Summary tool={tool} />
        <p className="reasons">
          <strong>Why it matches:</strong>
          {` ${props.reasons.join(REASON_SEPARATOR)}`}
        </p>
        {compare ? (
          <p style={{ margin: 0 }}>
            <a href={compare.href}>{compare.label}</a>
          </p>
        ) : null}
      </li>
    );
  }
  return <ListedCard tool={props.tool} saved={props.saved} />;
}

/** Logo, name and category; `children` follow the category (badges). */
function CardHead({
  tool,
  title,
  category,
  children,
}: {
  tool: CardTool;
  title: ReactNode;
  category: string | null;
  children?: ReactNode;
}) {
  return (
    <div className="tool-card-head">
      <ToolLogo name={tool.name} image={tool.media?.logo ?? null} />
      <div>
        <h3>{title}</h3>
        <span className="category">{category}</span>
        {children}
      </div>
    </div>
  );
}

/** A matching tool's description, cut short: the reasons below it say why it is listed. */
function Summary({ tool }: { tool: CardTool }) {
  return <p className="clamp-2">{summary(tool.description, 160) || "No description available"}</p>;
}

/**
 * A list island re-renders on every keystroke in its search box and on each filter change: a card
 * whose tool is the same object is left as it is.
 */
const ListedCard = memo(GridCard);

function GridCard({ tool, saved }: { tool: ToolCardData; saved?: boolean }) {
  const [saves, setSaves] = useState(tool.saves_count);
  const rating = formatRating(tool.avg_rating);
  const dealTools = useStore($dealTools);
  // A card from the API carries no deal flag: the list of tools with a deal is asked once a page.
  const known = tool.has_deal !== undefined;
  useEffect(() => {
    if (!known) loadDealTools();
  }, [known]);
  const hasDeal = dealTools ? dealTools.has(tool.id) : tool.has_deal;
  return (
    <article className="card tool-card">
      {tool.is_featured ? <span className="badge badge-featured">Featured</span> : null}
      <CardHead
        tool={tool}
        title={
          <a href={toolHref(tool)} style={{ color: "inherit", textDecoration: "none" }}>
            {tool.name}
          </a>
        }
        category={tool.category_name ?? "Uncategorized"}
      >
        {tool.is_verified ? (
          <span className="badge badge-verified" title="Its maker verified this listing">
            Verified
          </span>
        ) : null}
        {hasDeal ? (
          <span className="badge badge-deal" title="This tool has a deal: see its page">
            Deal
          </span>
        ) : null}
      </CardHead>
      <p className="clamp-2">{summary(tool.description, CARD_SUMMARY_CHARS) || "No description available"}</p>
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
