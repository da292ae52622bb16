import { z } from "zod";
import type { Tool } from "../../../db/queries/rows";
import { listTags } from "../../../db/queries/tags";
import { createTool } from "../../../db/queries/tools";
import { AutofillRefused, readSite, siteKey } from "../../../media/autofill";
import type { Deps } from "../../context";
import { fail } from "../../errors";
import { requireUser } from "../../middleware/auth";
import { apiRouter, jsonBody, route } from "../../route";
import { readOptions, suggestListing } from "../autofill";

const MAX_URLS = 100;
/** Sites read at once: each read may hold two slow fetches. */
const CONCURRENCY = 4;
/** No read starts after this; the URLs left answer that they were not read. */
const IMPORT_BUDGET_MS = 3 * 60 * 1000;

const httpUrl = z
  .string()
  .trim()
  .max(2000, "at most 2,000 characters")
  .refine(
    (url) => siteKey(url) !== null && /^https?:$/.test(new URL(url).protocol),
    "enter a full http or https address",
  );

const importInput = z.strictObject({
  urls: z.array(httpUrl).min(1, "enter at least one URL").max(MAX_URLS, `at most ${MAX_URLS} URLs at once`),
});

type ToolRef = { id: number; slug: string; name: string };
type Outcome =
  | { url: string; status: "created"; tool: ToolRef; created: Tool }
  | { url: string; status: "duplicate"; duplicates: ToolRef[]; detail: string }
  | { url: string; status: "failed"; detail: string };

/** Reads one site and creates its pending draft, unless a tool (or draft) is already on that site. */
async function importOne(deps: Deps, url: string, adminId: number, tagIds: Map<string, number>): Promise<Outcome> {
  const key = siteKey(url) as string;
  let site: Awaited<ReturnType<typeof readSite>>;
  try {
    site = await readSite(url, readOptions(deps.settings));
  } catch (error) {
    if (error instanceof AutofillRefused) return { url, status: "failed", detail: error.message };
    throw error;
  }
  const listing = await suggestListing(deps.db, site, key, true);
  if (listing.duplicates.length > 0)
    return { url, status: "duplicate", duplicates: listing.duplicates, detail: "Already listed" };
  if (!listing.name) return { url, status: "failed", detail: "The page names no tool" };
  const tool = await createTool(
    deps.db,
    {
      name: listing.name,
      description: listing.description,
      website_url: url,
      logo_url: listing.logo_url,
      screenshots: listing.screenshots,
      pricing_type: listing.pricing_type ?? "free",
      category_id: listing.category_id,
      video_url: listing.video_url ?? "",
      tag_ids: listing.tags.flatMap((slug) => tagIds.get(slug) ?? []),
    },
    adminId,
    "pending",
  );
  return { url, status: "created", tool: { id: tool.id, slug: tool.slug, name: tool.name }, created: tool };
}

/** "Import from URLs": each site read through autofill and created as a pending draft for review. */
export const urlImportAdmin = apiRouter();
// One import at a time in this process: a second click waits for the first rather than doubling its fetches.
let importing = false;

urlImportAdmin.openapi(
  route({
    operationId: "importToolsFromUrls",
    method: "post",
    path: "/import-urls",
    summary:
      "Read up to 100 tool websites (4 at a time) and create each as a pending draft submitted by the admin; answers per URL: created, already listed, or why it failed",
    access: "admin",
    request: { body: jsonBody(importInput) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const adminId = requireUser(c).id;
    if (importing) fail(409, "An import is already running. Please wait for it to finish.");
    importing = true;
    try {
      const urls = c.req.valid("json").urls;
      const tagIds = new Map((await listTags(deps.db)).map((t) => [t.slug, t.id]));
      const outcomes: Outcome[] = new Array(urls.length);
      // A site named twice in the list is read once: the later lines answer as duplicates.
      const firstOfSite = new Map<string, number>();
      const queue: number[] = [];
      urls.forEach((url, i) => {
        const key = siteKey(url) as string;
        const first = firstOfSite.get(key);
        if (first === undefined) {
          firstOfSite.set(key, i);
          queue.push(i);
        } else outcomes[i] = { url, status: "failed", detail: `Same site as ${urls[first]} above` };
      });
      const deadline = Date.now() + IMPORT_BUDGET_MS;
      const worker = async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
          const url = urls[i] as string;
          outcomes[i] =
            Date.now() > deadline
              ? { url, status: "failed", detail: "Not read: the import ran out of time. Try this URL again." }
              : await importOne(deps, url, adminId, tagIds);
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
      const created = outcomes.flatMap((o) => (o.status === "created" ? [o.created] : []));
      if (created.length) deps.onContentChange?.(`${created.length} tools imported for review`, created);
      return c.json({ results: outcomes.map((o) => (o.status === "created" ? { ...o, created: undefined } : o)) });
    } finally {
      importing = false;
    }
  },
);
