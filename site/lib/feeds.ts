import { getRssString } from "@astrojs/rss";
import type { Db } from "../../db/client";
import { newestTools } from "../../db/queries/tools";
import type { Category } from "../../db/schema";
import { clean, type FeedItem, feedItem } from "../../lib/feed-item";
import { FEED_SIZE } from "../../lib/limits";
import { SITE_NAME } from "../../lib/site";

/** A feed of tools: what it is called and where it and the page it follows live. */
export type ToolFeed = {
  title: string;
  description: string;
  /** The page the feed follows (the home page, a category page). */
  page: URL;
  /** The feed's own address. */
  self: URL;
};

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The feed as RSS 2.0 (served as application/rss+xml). */
export async function rssFeed(feed: ToolFeed, items: FeedItem[]): Promise<Response> {
  const newest = items.find((item) => item.date)?.date;
  const channel = [
    "<language>en</language>",
    `<atom:link href="${escapeAttribute(feed.self.href)}" rel="self" type="application/rss+xml"/>`,
    // The newest item's date, never the build's: the same content renders the same bytes.
    ...(newest ? [`<lastBuildDate>${newest.toUTCString()}</lastBuildDate>`] : []),
  ];
  const body = await getRssString({
    title: clean(feed.title),
    description: clean(feed.description),
    site: feed.page.href,
    trailingSlash: false,
    xmlns: { atom: "http://www.w3.org/2005/Atom" },
    customData: channel.join(""),
    items: items.map((item) => ({
      title: item.title,
      link: item.url,
      ...(item.text ? { description: item.text } : {}),
      ...(item.date ? { pubDate: item.date } : {}),
      ...(item.category ? { categories: [item.category] } : {}),
      customData: `<guid isPermaLink="true">${escapeAttribute(item.id)}</guid>`,
    })),
  });
  return new Response(body, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
}

/** The feed as JSON Feed 1.1 (https://jsonfeed.org/version/1.1, served as application/feed+json). */
export function jsonFeed(feed: ToolFeed, items: FeedItem[]): Response {
  const body = {
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: feed.page.href,
    feed_url: feed.self.href,
    description: feed.description,
    language: "en",
    items: items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      content_text: item.text,
      ...(item.date ? { date_published: item.date.toISOString() } : {}),
      ...(item.category ? { tags: [item.category] } : {}),
    })),
  };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, { headers: { "content-type": "application/feed+json" } });
}

/** The title of the site's feeds, as they are announced and as they call themselves. */
export const SITE_FEED_TITLE = `${SITE_NAME}: new AI tools`;

/** The title of a category's feed. */
export const categoryFeedTitle = (name: string) => `${name} AI Tools | ${SITE_NAME}`;

/** The site's feeds: the newest tools of the whole directory. */
export async function siteFeed(db: Db, site: URL, self: string): Promise<[ToolFeed, FeedItem[]]> {
  const feed = {
    title: SITE_FEED_TITLE,
    description: "The newest AI tools added to the directory.",
    page: new URL("/", site),
    self: new URL(self, site),
  };
  return [feed, (await newestTools(db, null, FEED_SIZE)).map((t) => feedItem(t, site))];
}

/** A category's feed: its newest tools. */
export async function categoryFeed(db: Db, site: URL, category: Category): Promise<[ToolFeed, FeedItem[]]> {
  const feed = {
    title: categoryFeedTitle(category.name),
    description: category.description || `The newest ${category.name} AI tools in the directory.`,
    page: new URL(`/category/${category.slug}`, site),
    self: new URL(`/category/${category.slug}/feed.xml`, site),
  };
  return [feed, (await newestTools(db, category.id, FEED_SIZE)).map((t) => feedItem(t, site))];
}
