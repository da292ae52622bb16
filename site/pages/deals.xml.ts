import type { APIContext } from "astro";
import { liveDeals } from "../../db/queries/deals";
import { buildDb } from "../lib/data";
import { dealsFeed } from "../lib/deal-feed";
import { rssFeed } from "../lib/feeds";

export async function GET(context: APIContext) {
  const deals = await liveDeals(await buildDb());
  return rssFeed(...dealsFeed(deals, context.site ?? new URL("http://localhost:4321")));
}
