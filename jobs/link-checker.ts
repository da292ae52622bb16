/**
 * Checks that listed websites still live. A scheduled pass claims the tools that are due and
 * checks them with a bounded number at once (one at a time per host), a polite user agent,
 * HEAD first and GET when HEAD is refused or to read the page's head, a deadline, and backoff:
 * a failing site is checked again after 1 h, then 6 h, so three failures in a row take about a
 * day to flag it; a healthy one once per interval. Every fetch goes through safeFetch, so the
 * checker only ever reaches the addresses the SSRF rules allow.
 */
import pLimit from "p-limit";
import type { Db } from "../db/client";
import { claimDueTools, type DueTool, recordCheck } from "../db/queries/link-checks";
import type { SiteFlag } from "../db/schema";
import { FetchRefused, type SafeResponse, safeFetch } from "../media/safe-fetch";

/** Failed checks in a row that flag a site unreachable. */
export const LINK_FAILURES_TO_FLAG = 3;
const HOUR = 3_600_000;
/** Waits before re-checking a failing site, by failures so far. */
const RETRY_AFTER_MS = [HOUR, 6 * HOUR];

/** Words domain-parking pages are made of (registrars' and parking services' own). */
const PARKED =
  /(this domain (name )?(is|may be) for sale|buy this domain|domain is parked|parked (free|domain)|sedoparking|parkingcrew|bodis\.com|hugedomains|afternic|dan\.com\/buy|domain has expired|renew (this|your) domain)/i;

export type CheckOutcome = {
  ok: boolean;
  status: number | null;
  finalUrl: string | null;
  error: string | null;
  flag: "parked" | "moved" | null;
};

/** The site itself, without a leading www: a redirect within it is not a move. */
const siteOf = (url: string) => new URL(url).hostname.toLowerCase().replace(/^www\./, "");

/** Statuses that say the site lives even though it would not serve us the page. */
const alive = (status: number) => (status >= 200 && status < 400) || status === 401 || status === 403 || status === 429;

export type CheckOptions = { allowLoopback?: boolean; timeoutMs?: number };

/** One check of one website. */
export async function checkSite(url: string, options: CheckOptions = {}): Promise<CheckOutcome> {
  const base = { allowLoopback: options.allowLoopback, timeoutMs: options.timeoutMs ?? 10_000, maxRedirects: 5 };
  let response: SafeResponse | null = null;
  let error: string | null = null;
  try {
    response = await safeFetch(url, { ...base, method: "HEAD" });
  } catch (e) {
    error = e instanceof FetchRefused ? e.message : String(e);
  }
  const isHtml = (r: SafeResponse) => /html/i.test(String(r.headers["content-type"] ?? "html"));
  // GET when HEAD failed or was refused, and to read an HTML page's first 64 KB for parking signs.
  if (!response || !alive(response.status) || isHtml(response)) {
    try {
      response = await safeFetch(url, {
        ...base,
        method: "GET",
        accept: "text/html,*/*",
        maxBytes: 64 * 1024,
        truncate: true,
      });
      error = null;
    } catch (e) {
      if (!response) error = e instanceof FetchRefused ? e.message : String(e);
    }
  }
  if (!response) return { ok: false, status: null, finalUrl: null, error, flag: null };
  const finalUrl = response.url;
  if (!alive(response.status))
    return { ok: false, status: response.status, finalUrl, error: `answered ${response.status}`, flag: null };
  if (response.body.length && PARKED.test(response.body.toString("utf8"))) {
    return { ok: true, status: response.status, finalUrl, error: null, flag: "parked" };
  }
  const moved = siteOf(finalUrl) !== siteOf(url);
  return { ok: true, status: response.status, finalUrl, error: null, flag: moved ? "moved" : null };
}

/** What to store after `outcome` for a tool that had `failures` failures in a row before. */
function nextState(outcome: CheckOutcome, failures: number, now: number, intervalMs: number) {
  if (outcome.ok) return { failures: 0, flag: outcome.flag as SiteFlag | null, nextCheckAt: now + intervalMs };
  const total = failures + 1;
  return {
    failures: total,
    flag: total >= LINK_FAILURES_TO_FLAG ? ("unreachable" as const) : null,
    nextCheckAt: now + (RETRY_AFTER_MS[total - 1] ?? intervalMs),
  };
}

export type LinkCheckerOptions = {
  db: Db;
  /** Sites checked at once; one at a time per host whatever this says. */
  concurrency?: number;
  /** How often a healthy site is checked. */
  intervalMs?: number;
  /** Tools claimed per pass. */
  batch?: number;
  allowLoopback?: boolean;
  timeoutMs?: number;
  /** Called when a tool's flag changed, so its page is re-rendered. */
  onFlagChange?: (tool: DueTool) => void;
  now?: () => number;
};

export class LinkChecker {
  #running: Promise<number> | null = null;

  constructor(readonly options: LinkCheckerOptions) {}

  /** One pass: checks the tools that are due; resolves how many were checked. */
  pass(): Promise<number> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #pass(): Promise<number> {
    const { db, concurrency = 4, intervalMs = 24 * HOUR, batch = 100 } = this.options;
    const now = this.options.now ?? Date.now;
    // A claim lasts long enough for the whole batch; a checker that dies frees its tools then.
    const due = await claimDueTools(db, now(), batch, 30 * 60_000);
    const limit = pLimit(concurrency);
    const hosts = new Map<string, Promise<unknown>>();
    await Promise.all(
      due.map((tool) => {
        let host = "";
        try {
          host = new URL(tool.url).host;
        } catch {}
        // Sites on one host are checked one after another: politeness to whoever runs it.
        const previous = hosts.get(host) ?? Promise.resolve();
        const run = previous.then(() => limit(() => this.#check(tool, intervalMs, now)));
        hosts.set(
          host,
          run.catch(() => {}),
        );
        return run;
      }),
    );
    return due.length;
  }

  async #check(tool: DueTool, intervalMs: number, now: () => number) {
    const outcome = await checkSite(tool.url, {
      allowLoopback: this.options.allowLoopback,
      timeoutMs: this.options.timeoutMs,
    });
    const state = nextState(outcome, tool.failures, now(), intervalMs);
    const changed = await recordCheck(
      this.options.db,
      tool,
      { status: outcome.status, finalUrl: outcome.finalUrl, error: outcome.error, ...state },
      now(),
    );
    if (changed) this.options.onFlagChange?.(tool);
  }
}
