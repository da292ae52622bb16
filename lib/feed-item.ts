/**
 * The item a tool makes in the site's feeds (site/lib/feeds.ts writes them), here so the renderer
 * can compare a tool's item before and after a change without reaching into the site.
 */
import { summary } from "./plain-text";

/** What a feed item shows of a tool. */
export type FeedTool = {
  id: number;
  slug: string;
  name: string;
  description: string;
  created_at: string;
  category_name: string | null;
};

/** The item a tool makes in every feed: the pages that re-render a feed compare these. */
export type FeedItem = {
  /** A permanent address: /tool/{id} redirects to the tool's page under any later slug. */
  id: string;
  url: string;
  title: string;
  text: string;
  date: Date | null;
  category: string | null;
};

/** Longest item text, in characters: a feed of 50 tools stays well under a megabyte. */
const ITEM_TEXT = 500;

/**
 * Text as any feed can carry it, on one line: control characters (most of which XML 1.0 cannot
 * hold at all, and one of which makes readers refuse the whole feed), U+FFFE/U+FFFF and unpaired
 * surrogates become spaces, and runs of whitespace one space.
 */
export function clean(text: string): string {
  return text
    .replace(/\p{Cc}|[\uFFFE\uFFFF]|\p{Cs}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A tool as a feed item: its name, its page, its description as plain text, when it was added. */
export function feedItem(tool: FeedTool, site: URL): FeedItem {
  const date = new Date(tool.created_at);
  return {
    id: new URL(`/tool/${tool.id}`, site).href,
    url: new URL(`/tool/${tool.slug}`, site).href,
    title: clean(tool.name),
    text: clean(summary(tool.description, ITEM_TEXT)),
    date: Number.isNaN(date.getTime()) ? null : date,
    category: tool.category_name ? clean(tool.category_name) : null,
  };
}
