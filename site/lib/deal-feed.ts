import type { Deal } from "../../db/queries/deals";
import { dealEnds } from "../../lib/deals";
import type { FeedItem } from "../../lib/feed-item";
import { SITE_NAME } from "../../lib/site";
import type { ToolFeed } from "./feeds";

/** The title of the deals feed, as /deals announces it and as it calls itself. */
export const DEALS_FEED_TITLE = `${SITE_NAME}: deals on AI tools`;

/** The feed of live deals: each links to its tool's page, where the code or link is. */
export function dealsFeed(deals: Deal[], site: URL): [ToolFeed, FeedItem[]] {
  const feed = {
    title: DEALS_FEED_TITLE,
    description: "Discount codes and offers on AI tools, from their makers.",
    page: new URL("/deals", site),
    self: new URL("/deals.xml", site),
  };
  const items = deals.map((deal) => ({
    // A deal changed or replaced is a new item.
    id: new URL(`/tool/${deal.tool_id}#deal-${deal.id}-${Date.parse(deal.updated_at)}`, site).href,
    url: new URL(`/tool/${deal.tool_slug}`, site).href,
    title: `${deal.tool_name}: ${deal.description}`,
    text: `${deal.code ? `Code ${deal.code}. ` : ""}${dealEnds(deal.ends_at)}.`,
    date: new Date(deal.updated_at),
    category: null,
  }));
  return [feed, items];
}
