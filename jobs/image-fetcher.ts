/**
 * Fetches the images tools name (logo_url, screenshots' url) in the background and keeps the
 * site's own copies (media/images.ts). A pass first forgets the URLs nothing names any more (once
 * an hour) and adds a row for every URL not seen before (a new or changed URL is fetched at
 * once), then claims due ones, site by site in turn (fairTurns), and fetches them a bounded
 * number at a time through safeFetch (the SSRF rules, a size and time limit). A copy that changed
 * re-renders the pages of the tools naming it.
 * A good copy is fetched again after `refreshMs`; a failing URL after 1 h, 6 h, then a day,
 * keeping any earlier copy meanwhile. Once a day a pass ends by sweeping the stored files no row
 * names any more (jobs/media-sweep.ts).
 */
import pLimit from "p-limit";
import { getDomain } from "tldts";
import type { Db } from "../db/client";
import {
  claimImages,
  type DueImage,
  discoverImages,
  dueImages,
  forgetUnnamedImages,
  recordFailure,
  recordFetched,
  toolsNamingImage,
} from "../db/queries/images";
import { fetchImageBytes } from "../media/fetch-image";
import { ConvertBusy, ImageRefused, storeImage } from "../media/images";
import { FetchRefused } from "../media/safe-fetch";
import { type SweepResult, sweepMedia, touchMedia } from "./media-sweep";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** URLs fetched in one pass, at most PER_SITE of one site, chosen from the CANDIDATES longest due. */
const PASS_SIZE = 50;
const PER_SITE = 5;
const CANDIDATES = 5000;
const RETRY_AFTER_MS = [HOUR, 6 * HOUR, DAY];

export type ImageFetcherOptions = {
  db: Db;
  mediaDir: string;
  /** Images fetched at once. */
  concurrency?: number;
  /** How long a good copy is kept before its URL is fetched again. */
  refreshMs?: number;
  allowLoopback?: boolean;
  timeoutMs?: number;
  /** Called with the ids of the tools whose shown image changed, so their pages re-render. */
  onImageChange?: (url: string, toolIds: number[]) => void;
  /** Called after each sweep of the stored files. */
  onSweep?: (result: SweepResult) => void;
  now?: () => number;
};

export type FetchResult = { url: string; ok: boolean; changed: boolean; error: string | null; bytes: number };

/**
 * The URLs a pass fetches, in order, out of those due: URLs that never failed before those that
 * did, and site by site in turn with at most `perSite` of one site. One slow or hostile site, or a
 * flood of URLs on it, then holds up every other site's pictures by its one turn at most.
 */
export function fairTurns(due: { source_url: string; failures: number }[], limit: number, perSite: number): string[] {
  const bySite = new Map<string, string[]>();
  for (const image of [...due.filter((d) => d.failures === 0), ...due.filter((d) => d.failures > 0)]) {
    const site = siteOf(image.source_url);
    const urls = bySite.get(site) ?? [];
    if (urls.length < perSite) urls.push(image.source_url);
    bySite.set(site, urls);
  }
  const turns: string[] = [];
  for (let round = 0; round < perSite; round++)
    for (const urls of bySite.values()) {
      const url = urls[round];
      if (url !== undefined && turns.length < limit) turns.push(url);
    }
  return turns;
}

/** The registrable domain a URL is on (its subdomains are one site), or its host. */
function siteOf(url: string): string {
  try {
    const { hostname } = new URL(url);
    return getDomain(hostname) ?? hostname;
  } catch {
    return url;
  }
}

export class ImageFetcher {
  #running: Promise<FetchResult[]> | null = null;
  #again = false;
  #forgotAt = Number.NEGATIVE_INFINITY;
  #sweptAt = Number.NEGATIVE_INFINITY;

  constructor(readonly options: ImageFetcherOptions) {}

  /** One pass over what is due; resolves what each fetch gave. A call during a pass runs another after it. */
  pass(): Promise<FetchResult[]> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#pass().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        void this.pass().catch((error) => console.error("image pass failed", error));
      }
    });
    return this.#running;
  }

  async #pass(): Promise<FetchResult[]> {
    const { db, mediaDir, concurrency = 2 } = this.options;
    const now = this.options.now ?? Date.now;
    // Forgetting scans every tool: at most once an hour, not on every change's pass.
    if (now() - this.#forgotAt >= HOUR) {
      this.#forgotAt = now();
      await touchMedia(mediaDir, await forgetUnnamedImages(db, now()), now());
    }
    await discoverImages(db, now());
    const candidates = await dueImages(db, now(), CANDIDATES);
    const due = await claimImages(db, fairTurns(candidates, PASS_SIZE, PER_SITE), now(), 30 * 60_000);
    const limit = pLimit(concurrency);
    const results = await Promise.all(due.map((image) => limit(() => this.#fetch(image, now))));
    // Sweeping lists every stored file: once a day, after the pass's fetches.
    if (now() - this.#sweptAt >= DAY) {
      this.#sweptAt = now();
      this.options.onSweep?.(await sweepMedia(db, mediaDir, now()));
    }
    return results;
  }

  async #fetch(image: DueImage, now: () => number): Promise<FetchResult> {
    const { db, mediaDir, refreshMs = 30 * DAY } = this.options;
    const url = image.source_url;
    try {
      const bytes = await fetchImageBytes(url, this.options);
      const stored = await storeImage(bytes, mediaDir);
      const changed = await recordFetched(db, url, stored, now(), now() + refreshMs);
      if (changed) {
        // The earlier copy's files now belong to no row: their grace starts here.
        if (image.stored) await touchMedia(mediaDir, [image.stored], now());
        this.options.onImageChange?.(url, await toolsNamingImage(db, url));
      }
      return { url, ok: true, changed, error: null, bytes: bytes.length };
    } catch (error) {
      // Every converter busy with uploads: not the URL's fault; its claim lapses and a later pass takes it.
      if (error instanceof ConvertBusy) return { url, ok: false, changed: false, error: error.message, bytes: 0 };
      if (!(error instanceof FetchRefused || error instanceof ImageRefused)) throw error;
      const wait = Math.min(RETRY_AFTER_MS[image.failures] ?? DAY, refreshMs);
      await recordFailure(db, url, error.message, now(), now() + wait);
      return { url, ok: false, changed: false, error: error.message, bytes: 0 };
    }
  }
}
