import type { ListedTool } from "../../db/queries/rows";
import { CARD_SUMMARY_CHARS, summary } from "../../lib/plain-text";

/**
 * What a tool card shows (components/react/ToolCard.tsx) and the list islands filter on, with the
 * description cut to the summary a card shows (CARD_SUMMARY_CHARS). A page that lists tools hands
 * its island this much of each, not the whole tool: screenshots, their copies, pros and cons, FAQ
 * and tags made a 100-tool category page about 425 KB.
 */
export type ToolCardData = Omit<ListedTool, "logo_url" | "category_id" | "category_slug"> & {
  /** Whether the tool has a deal ("Deal" badge); absent on a card from the API (the card asks). */
  has_deal?: boolean;
};

/** A card of a pre-rendered page; `deals`: the tools with a deal (db/queries/deals.ts dealsOf). */
export function toCard(tool: ListedTool, deals?: ReadonlyMap<number, unknown>): ToolCardData {
  return {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    description: summary(tool.description, CARD_SUMMARY_CHARS),
    website_url: tool.website_url,
    category_name: tool.category_name,
    pricing_type: tool.pricing_type,
    is_featured: tool.is_featured,
    is_verified: tool.is_verified,
    saves_count: tool.saves_count,
    avg_rating: tool.avg_rating,
    review_count: tool.review_count,
    media: { logo: tool.media.logo },
    ...(deals ? { has_deal: deals.has(tool.id) } : {}),
  };
}
