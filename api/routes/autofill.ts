import { z } from "zod";
import type { Settings } from "../../config/settings";
import type { Db } from "../../db/client";
import { suggestPlacement, toolsOnSite } from "../../db/queries/autofill";
import { AutofillRefused, type ReadOptions, readSite, type SiteFacts, siteKey } from "../../media/autofill";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { WindowCounter } from "../middleware/rate-limit";
import { apiRouter, jsonBody, route } from "../route";

/** How sites are read under `settings`: loopback only in tests, the description writer when configured. */
export const readOptions = (settings: Settings): ReadOptions => ({
  allowLoopback: settings.FETCH_ALLOW_LOOPBACK,
  writer: settings.LLM_BASE_URL
    ? { baseUrl: settings.LLM_BASE_URL, apiKey: settings.LLM_API_KEY, model: settings.LLM_MODEL }
    : null,
});

/** What a site's category and tags are suggested from: its topic words first, then what it says it does. */
export const placementText = (site: Pick<SiteFacts, "name" | "keywords" | "description" | "headings">) => ({
  name: site.name,
  text: `${site.keywords}. ${site.description}. ${site.headings}`,
});

/**
 * The listing suggested for a site already read: its facts, a category and tags from the
 * directory's nearest tools, and the tools already on the same site (`withPending`: drafts too).
 */
export async function suggestListing(db: Db, site: SiteFacts, key: string, withPending = false) {
  const [placement, duplicates] = await Promise.all([
    suggestPlacement(db, placementText(site)),
    toolsOnSite(db, key, (other) => siteKey(other) === key, withPending),
  ]);
  return {
    name: site.name,
    description: site.description,
    logo_url: site.logo_url,
    screenshots: site.screenshots,
    pricing_type: site.pricing_type,
    category_id: placement.category_id,
    tags: placement.tags,
    video_url: site.video_url,
    duplicates,
  };
}

const HOUR = 60 * 60 * 1000;
/** Reads running at once in this process: each may hold two slow fetches for seconds. */
const MAX_IN_FLIGHT = 8;
/** Reads one member may run at once: no one member can take every slot from the others. */
const MAX_IN_FLIGHT_PER_MEMBER = 2;

const autofillInput = z.strictObject({
  url: z.string().trim().min(1, "url: required").max(2000, "url: at most 2,000 characters"),
});

/** "Fill from website": suggestions for the submit form, read from the tool's own page. Nothing is saved. */
export const autofillRoutes = apiRouter();
const reads = new WindowCounter(HOUR);
let inFlight = 0;
const inFlightOf = new Map<string, number>();

autofillRoutes.openapi(
  route({
    operationId: "autofillTool",
    method: "post",
    path: "/autofill",
    summary:
      "Read a tool's website for the submit form: name, description, logo, screenshots, pricing, video, a suggested category and tags, and listed tools on the same site (nothing is saved)",
    access: "user",
    request: { body: jsonBody(autofillInput) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { db, settings } = c.var.deps;
    const member = String(user.id);
    if (reads.count(member) >= settings.AUTOFILL_RATE_LIMIT) {
      fail(429, `You can fill from a website ${settings.AUTOFILL_RATE_LIMIT} times an hour. Please try again later.`, {
        "retry-after": String(reads.retryAfter(member)),
      });
    }
    if ((inFlightOf.get(member) ?? 0) >= MAX_IN_FLIGHT_PER_MEMBER)
      fail(429, "Your other websites are still being read. Please wait for them to finish.", { "retry-after": "5" });
    if (inFlight >= MAX_IN_FLIGHT)
      fail(429, "Many websites are being read right now. Please try again in a moment.", { "retry-after": "5" });
    reads.add(member);
    const url = c.req.valid("json").url;
    const key = siteKey(url);
    if (!key) fail(422, "url: enter a full http or https address");
    inFlight++;
    inFlightOf.set(member, (inFlightOf.get(member) ?? 0) + 1);
    let site: Awaited<ReturnType<typeof readSite>>;
    try {
      site = await readSite(url, readOptions(settings));
    } catch (error) {
      if (error instanceof AutofillRefused) fail(422, error.message);
      throw error;
    } finally {
      inFlight--;
      const left = (inFlightOf.get(member) ?? 1) - 1;
      if (left > 0) inFlightOf.set(member, left);
      else inFlightOf.delete(member);
    }
    return c.json(await suggestListing(db, site, key));
  },
);
