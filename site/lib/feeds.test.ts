import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { createCategory } from "../../db/queries/categories";
import { createTool } from "../../db/queries/tools";
import type { Category } from "../../db/schema";
import { freshDb } from "../../db/testing";
import { FEED_SIZE } from "../../lib/limits";
import { categoryFeed, jsonFeed, rssFeed, siteFeed } from "./feeds";

const site = new URL("https://tools.example");
let db: Db;
let close: () => void;
let writing: Category;
beforeAll(async () => {
  ({ db, close } = await freshDb());
  writing = await createCategory(db, { name: "Writing & Docs", slug: "writing", description: "Tools that write." });
  const coding = await createCategory(db, { name: "Coding", slug: "coding" });
  // Added a minute apart, oldest first; every third one writes code.
  for (let n = 1; n <= FEED_SIZE + 5; n++) {
    const tool = await createTool(
      db,
      {
        name: `Tool ${n}`,
        description: `**Tool ${n}** helps with [words](https://example.com).`,
        category_id: n % 3 === 0 ? coding.id : writing.id,
      },
      null,
    );
    const added = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
    await db.$client.execute({ sql: "UPDATE tools SET created_at = ? WHERE id = ?", args: [added, tool.id] });
  }
  const hostile = await createTool(
    db,
    {
      name: 'Hostile <b>"&amp;"</b> ]]> \u0001 Tool',
      description: "Breaks <script>alert(1)</script> nothing",
      category_id: writing.id,
    },
    null,
  );
  await db.$client.execute({
    sql: "UPDATE tools SET created_at = ? WHERE id = ?",
    args: [new Date(Date.UTC(2026, 1, 1)).toISOString(), hostile.id],
  });
});
afterAll(() => close());

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "item" || name === "category" });

/** The RSS document of a feed response, parsed, after checking what the response says it is. */
async function parseRss(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
  const xml = await response.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  return parser.parse(xml).rss;
}

describe("the site's RSS feed", () => {
  it("lists the newest 50 tools, newest first, each with an absolute link, plain text, date and category", async () => {
    const rss = await parseRss(await rssFeed(...(await siteFeed(db, site, "/feed.xml"))));
    expect(rss["@_version"]).toBe("2.0");
    const channel = rss.channel;
    expect(channel.link).toBe("https://tools.example");
    expect(channel["atom:link"]["@_href"]).toBe("https://tools.example/feed.xml");
    expect(channel.item).toHaveLength(FEED_SIZE);
    const [hostile, newest] = channel.item;
    // Markup in a name or description is text, never elements.
    expect(hostile.title).toBe('Hostile <b>"&amp;"</b> ]]> Tool');
    expect(hostile.description).toBe("Breaks alert(1) nothing");
    expect(newest).toMatchObject({
      title: `Tool ${FEED_SIZE + 5}`,
      link: `https://tools.example/tool/tool-${FEED_SIZE + 5}`,
      description: `Tool ${FEED_SIZE + 5} helps with words.`,
      pubDate: new Date(Date.UTC(2026, 0, 1, 0, FEED_SIZE + 5)).toUTCString(),
      category: ["Writing & Docs"],
    });
    expect(newest.guid["@_isPermaLink"]).toBe("true");
    expect(newest.guid["#text"]).toMatch(/^https:\/\/tools\.example\/tool\/\d+$/);
    // The oldest tools fell off the end.
    const titles = channel.item.map((i: { title: string }) => i.title);
    expect(titles).not.toContain("Tool 1");
    expect(titles.at(-1)).toBe("Tool 7");
    // The channel's date is the newest item's, so the same content renders the same bytes.
    expect(channel.lastBuildDate).toBe(new Date(Date.UTC(2026, 1, 1)).toUTCString());
  });
});

describe("a category's RSS feed", () => {
  it("lists only that category's tools and links its page", async () => {
    const rss = await parseRss(await rssFeed(...(await categoryFeed(db, site, writing))));
    expect(rss.channel.title).toBe("Writing & Docs AI Tools | AI Tools Directory");
    expect(rss.channel.link).toBe("https://tools.example/category/writing");
    expect(rss.channel["atom:link"]["@_href"]).toBe("https://tools.example/category/writing/feed.xml");
    const categories = new Set(rss.channel.item.flatMap((i: { category: string[] }) => i.category));
    expect([...categories]).toEqual(["Writing & Docs"]);
    // Fewer than 50 in the category: all of them, the hostile one included.
    const writingTools = Array.from({ length: FEED_SIZE + 5 }, (_, i) => i + 1).filter((n) => n % 3 !== 0).length + 1;
    expect(rss.channel.item).toHaveLength(writingTools);
  });
});

describe("the site's JSON feed", () => {
  it("is JSON Feed 1.1 with absolute urls and the same items", async () => {
    const response = jsonFeed(...(await siteFeed(db, site, "/feed.json")));
    expect(response.headers.get("content-type")).toBe("application/feed+json");
    const feed = await response.json();
    expect(feed).toMatchObject({
      version: "https://jsonfeed.org/version/1.1",
      title: "AI Tools Directory: new AI tools",
      home_page_url: "https://tools.example/",
      feed_url: "https://tools.example/feed.json",
    });
    expect(feed.items).toHaveLength(FEED_SIZE);
    for (const item of feed.items) {
      expect(new URL(item.url).origin).toBe("https://tools.example");
      expect(new URL(item.id).origin).toBe("https://tools.example");
      expect(typeof item.content_text).toBe("string");
      expect(Number.isNaN(Date.parse(item.date_published))).toBe(false);
    }
    expect(feed.items[1]).toEqual({
      id: expect.stringMatching(/^https:\/\/tools\.example\/tool\/\d+$/),
      url: `https://tools.example/tool/tool-${FEED_SIZE + 5}`,
      title: `Tool ${FEED_SIZE + 5}`,
      content_text: `Tool ${FEED_SIZE + 5} helps with words.`,
      date_published: new Date(Date.UTC(2026, 0, 1, 0, FEED_SIZE + 5)).toISOString(),
      tags: ["Writing & Docs"],
    });
  });
});
