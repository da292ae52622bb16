import type { APIContext } from "astro";
import { buildDb } from "../lib/data";
import { jsonFeed, siteFeed } from "../lib/feeds";

export async function GET(context: APIContext) {
  const [feed, items] = await siteFeed(await buildDb(), context.site ?? new URL("http://localhost:4321"), "/feed.json");
  return jsonFeed(feed, items);
}
