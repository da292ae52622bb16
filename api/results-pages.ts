import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { categoryView, type DirectoryView, filtersQuery, pagedQuery, readFilters, readPage } from "../lib/view-filters";
import { addressKey, clientAddress } from "./client-address";
import { MAX_ENTRIES, WindowCounter } from "./middleware/rate-limit";
import { directoryPage, robotsTagFor } from "./robots";
import type { StaticSite } from "./static";

/**
 * Draws a results page from the pre-rendered page of its view (site/on-request/results-page.tsx,
 * handed in by the process that starts the server), or null when that page has no list to draw.
 */
export type ResultsRenderer = (db: Db, html: string, view: DirectoryView) => Promise<string | null>;

/** A drawn page is served this long at most: a list a minute old, and never one of a replaced build. */
const FRESH_MS = 60_000;
/** What the drawn pages kept may weigh (a page is about 100-200 KB, plus its gzip copy). */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The view a request to a list page asks to be drawn, or null when its pre-rendered page answers
 * it as it is: no filter, search or extra page (unknown parameters, a tracking tag). Normalised
 * (site/lib/filters.ts `readFilters`): search cut at 200 characters, at most 10 tags, the page
 * clamped to MAX_PAGE, so no request costs more than one API page and equal views share a key.
 */
export function requestedView(path: string, query: string): DirectoryView | null {
  const page = query && query !== "?" ? directoryPage(path) : null;
  if (!page) return null;
  const params = new URLSearchParams(query);
  const read = readFilters(params);
  // A category page lists its own category in one page: search, category and page do not apply.
  const filters = page === "category" ? categoryView(read) : read;
  const loaded = page === "home" ? readPage(params) : 0;
  return filtersQuery(filters) || loaded ? { page, filters, loaded } : null;
}

type Drawn = { body: Buffer; gzip: Buffer; drawnAt: number };
type PageFile = NonNullable<ReturnType<StaticSite["lookup"]>>;

/**
 * Results pages (decision 018): `/` and `/category/{slug}` with a search or filters in the
 * address, drawn on request by the island's own components for visitors without JavaScript and
 * for crawlers following links. Kept in a small LRU by site generation, page and normalised
 * view, each for a minute; the same view asked for while it is being drawn waits for that one.
 * A page drawn afresh costs what an API call costs, so it spends a quota of its own as large as
 * the public API's (API_ANON_LIMIT per address per API_QUOTA_WINDOW_MS); past it, 429.
 */
export class ResultsPages {
  private readonly drawn = new Map<string, Drawn>();
  private readonly drawing = new Map<string, Promise<Drawn | null>>();
  private bytes = 0;
  private generation = "";
  private readonly draws: WindowCounter;

  constructor(
    private readonly db: Db,
    private readonly settings: Settings,
    private readonly site: StaticSite,
    private readonly render: ResultsRenderer,
  ) {
    this.draws = new WindowCounter(settings.API_QUOTA_WINDOW_MS, MAX_ENTRIES);
  }

  /** The answer to a GET or HEAD of a results page, or null for the static site to answer. */
  async answer(c: Context): Promise<Response | null> {
    const url = new URL(c.req.url);
    const view = requestedView(url.pathname, url.search);
    const entry = view ? this.site.lookup(url.pathname) : null;
    if (!view || !entry) return null;
    // A new build or update in place: every list drawn from the one before may be out of date.
    const generation = this.site.generation;
    if (generation !== this.generation) {
      this.generation = generation;
      this.drawn.clear();
      this.bytes = 0;
    }
    const key = [generation, entry.path, pagedQuery(view.filters, view.loaded)].join("\n");
    let page = this.fresh(key);
    if (!page) {
      const address = addressKey(clientAddress(c, this.settings));
      if (this.draws.add(address) > this.settings.API_ANON_LIMIT) {
        const wait = this.draws.retryAfter(address);
        return c.text(`Too many searches from your address. Please try again in ${wait} seconds.`, 429, {
          "retry-after": String(wait),
        });
      }
      page = await this.draw(key, entry, view);
    }
    if (!page) return null;
    const gzip = (c.req.header("accept-encoding") ?? "").includes("gzip");
    const body = gzip ? page.gzip : page.body;
    const headers: Record<string, string> = {
      "content-type": "text/html; charset=utf-8",
      "content-length": String(body.length),
      "cache-control": `public, max-age=${FRESH_MS / 1000}`,
      vary: "Accept-Encoding",
    };
    if (gzip) headers["content-encoding"] = "gzip";
    const robots = robotsTagFor(url.pathname, url.search);
    if (robots) headers["x-robots-tag"] = robots;
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(body), { status: 200, headers });
  }

  private fresh(key: string): Drawn | null {
    const page = this.drawn.get(key);
    if (!page) return null;
    this.drawn.delete(key);
    if (performance.now() - page.drawnAt > FRESH_MS) {
      this.bytes -= page.body.length + page.gzip.length;
      return null;
    }
    // Most recently used last: eviction takes the first.
    this.drawn.set(key, page);
    return page;
  }

  private draw(key: string, entry: PageFile, view: DirectoryView) {
    const running = this.drawing.get(key);
    if (running) return running;
    const html = (entry.variants.find((v) => v.encoding === null)?.body ?? readFileSync(entry.path)).toString("utf8");
    const drawing = this.render(this.db, html, view)
      .then((text) => (text === null ? null : this.keep(key, Buffer.from(text))))
      .catch((error: unknown) => {
        // The pre-rendered page (marked noindex) is still an answer: never a 5xx for a list.
        console.error("results page:", error);
        return null;
      })
      .finally(() => this.drawing.delete(key));
    this.drawing.set(key, drawing);
    return drawing;
  }

  private keep(key: string, body: Buffer): Drawn {
    const page = { body, gzip: gzipSync(body), drawnAt: performance.now() };
    // Drawn from a build replaced meanwhile: answered, not kept.
    if (!key.startsWith(`${this.generation}\n`)) return page;
    this.bytes += body.length + page.gzip.length;
    this.drawn.set(key, page);
    for (const [oldest, old] of this.drawn) {
      if (this.bytes <= MAX_BYTES) break;
      this.drawn.delete(oldest);
      this.bytes -= old.body.length + old.gzip.length;
    }
    return page;
  }
}
