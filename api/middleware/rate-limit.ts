import type { Context, MiddlewareHandler } from "hono";
import type { Settings } from "../../config/settings";
import { addressKey, clientAddress } from "../client-address";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { waitText } from "./write-limit";

export { clientAddress };

/**
 * Most keys one counter keeps. Entries expire at the end of their window; past the cap the
 * oldest (the nearest to expiring) goes first, so an attacker rotating e-mails or addresses
 * cannot grow memory without bound (about 200 bytes an entry: ~10 MB per counter at worst).
 */
export const MAX_ENTRIES = 50_000;

type Entry = { count: number; resetAt: number };

/**
 * Counts per key in fixed windows that start at a key's first count. Entries are kept in the
 * order they were created, which with one window length is also the order they expire in, so
 * expired entries are swept from the front in passing.
 */
export class WindowCounter {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly windowMs: number,
    readonly maxEntries = MAX_ENTRIES,
    readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  #sweep(now: number) {
    for (const [key, entry] of this.#entries) {
      if (entry.resetAt > now) break;
      this.#entries.delete(key);
    }
  }

  /** The live entry for `key`, if any. */
  get(key: string): Entry | undefined {
    const now = this.now();
    this.#sweep(now);
    const entry = this.#entries.get(key);
    if (entry && entry.resetAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  count(key: string): number {
    return this.get(key)?.count ?? 0;
  }

  /** Seconds until `key`'s window ends (at least 1). */
  retryAfter(key: string): number {
    const entry = this.get(key);
    return Math.max(1, Math.ceil(((entry?.resetAt ?? this.now()) - this.now()) / 1000));
  }

  /** Adds one to `key` and returns the new count. */
  add(key: string): number {
    const entry = this.get(key);
    if (entry) return ++entry.count;
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    return 1;
  }

  /** Takes one back from `key` (an attempt that turned out not to be a failure). */
  subtract(key: string): void {
    const entry = this.get(key);
    if (!entry) return;
    entry.count -= 1;
    if (entry.count <= 0) this.#entries.delete(key);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }
}

const TOO_MANY = "Too many attempts. Please try again later.";
const HOUR = 60 * 60 * 1000;
/** The first step of the per-account delay; it doubles with every further failure, up to the cap. */
const FIRST_DELAY_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brute-force limits for password checks (OWASP ASVS 5.0 V6.1.1/V6.3.1, Authentication and
 * Credential Stuffing Prevention cheat sheets). Only failures count:
 * - per (account, address) pair: AUTH_RATE_LIMIT failures per AUTH_RATE_WINDOW_MS, then 429;
 *   a success resets the pair;
 * - per address, whatever the account: AUTH_ADDRESS_LIMIT failures per window, then 429;
 * - per account, from every address together: past AUTH_RATE_LIMIT failures each attempt waits
 *   a delay that doubles from 250 ms up to AUTH_ACCOUNT_DELAY_MAX_MS. Never a 429, so failures
 *   sent from elsewhere cannot lock the owner out: their right password from an address that has
 *   not been failing gets in after at most that delay.
 * Sign-ups have their own budget: AUTH_SIGNUP_LIMIT per address per hour, successes included.
 * An attempt is counted before the password is checked (so parallel requests cannot overrun a
 * budget) and given back when it succeeds or the check could not run.
 */
export class AuthLimits {
  readonly pairs: WindowCounter;
  readonly addresses: WindowCounter;
  readonly accounts: WindowCounter;
  readonly signups: WindowCounter;

  constructor(
    readonly settings: Pick<
      Settings,
      | "AUTH_RATE_LIMIT"
      | "AUTH_RATE_WINDOW_MS"
      | "AUTH_ADDRESS_LIMIT"
      | "AUTH_ACCOUNT_DELAY_MAX_MS"
      | "AUTH_SIGNUP_LIMIT"
    >,
    maxEntries = MAX_ENTRIES,
  ) {
    this.pairs = new WindowCounter(settings.AUTH_RATE_WINDOW_MS, maxEntries);
    this.addresses = new WindowCounter(settings.AUTH_RATE_WINDOW_MS, maxEntries);
    this.accounts = new WindowCounter(settings.AUTH_RATE_WINDOW_MS, maxEntries);
    this.signups = new WindowCounter(HOUR, maxEntries);
  }

  /** The wait before checking a password for an account with `failures` recent failures. */
  delayFor(failures: number): number {
    const over = failures - this.settings.AUTH_RATE_LIMIT;
    if (over < 0) return 0;
    return Math.min(this.settings.AUTH_ACCOUNT_DELAY_MAX_MS, FIRST_DELAY_MS * 2 ** Math.min(over, 20));
  }

  #refuse(counter: WindowCounter, key: string): never {
    fail(429, TOO_MANY, { "retry-after": String(counter.retryAfter(key)) });
  }

  /**
   * Runs a password check for `account` from `address`: 429 when the address or the pair has no
   * budget left; otherwise waits the account's delay, runs `check` and counts a false result as
   * a failure. `delay: false` for checks that are not sign-ins (change-password).
   */
  async check(
    address: string,
    account: string,
    check: () => Promise<boolean>,
    options: { delay?: boolean } = {},
  ): Promise<boolean> {
    const addr = addressKey(address);
    const pair = `${account}\n${addr}`;
    if (this.addresses.count(addr) >= this.settings.AUTH_ADDRESS_LIMIT) this.#refuse(this.addresses, addr);
    if (this.pairs.count(pair) >= this.settings.AUTH_RATE_LIMIT) this.#refuse(this.pairs, pair);
    const delay = options.delay === false ? 0 : this.delayFor(this.accounts.count(account));
    this.addresses.add(addr);
    this.pairs.add(pair);
    this.accounts.add(account);
    let outcome: "failed" | "succeeded" | "not checked" = "not checked";
    try {
      if (delay > 0) await sleep(delay);
      outcome = (await check()) ? "succeeded" : "failed";
    } finally {
      if (outcome !== "failed") {
        this.addresses.subtract(addr);
        this.accounts.subtract(account);
        if (outcome === "succeeded") this.pairs.delete(pair);
        else this.pairs.subtract(pair);
      }
    }
    return outcome === "succeeded";
  }

  /** Counts one sign-up from `address`, or answers 429 when its hourly budget is spent. */
  signup(address: string): void {
    const addr = addressKey(address);
    if (this.signups.count(addr) >= this.settings.AUTH_SIGNUP_LIMIT) this.#refuse(this.signups, addr);
    this.signups.add(addr);
  }
}

/**
 * One click per address per tool per minute: repeats are answered like the first but not
 * counted. Bounded like the counters above.
 */
export class ClickDedupe {
  readonly seen: WindowCounter;
  constructor(windowMs = 60_000, maxEntries = MAX_ENTRIES) {
    this.seen = new WindowCounter(windowMs, maxEntries);
  }

  /**
   * Calls `count` unless this address already clicked this tool within the window. Resolves
   * false only when `count` did (the tool does not exist).
   */
  async once(address: string, thing: number | string, count: () => Promise<boolean>): Promise<boolean> {
    const key = `${thing}\n${addressKey(address)}`;
    if (this.seen.count(key) > 0) return true;
    this.seen.add(key);
    let counted = false;
    try {
      counted = await count();
    } finally {
      if (!counted) this.seen.delete(key);
    }
    return counted;
  }
}

// One set of counters per app (per settings object), built on first use.
const authLimitsBySettings = new WeakMap<object, AuthLimits>();
const clicksBySettings = new WeakMap<object, ClickDedupe>();

export function authLimits(c: Context<AppEnv>): AuthLimits {
  const settings = c.var.deps.settings;
  let limits = authLimitsBySettings.get(settings);
  if (!limits) {
    limits = new AuthLimits(settings);
    authLimitsBySettings.set(settings, limits);
  }
  return limits;
}

function countsOnce(c: Context<AppEnv>, thing: number | string, count: () => Promise<boolean>): Promise<boolean> {
  const settings = c.var.deps.settings;
  let clicks = clicksBySettings.get(settings);
  if (!clicks) {
    clicks = new ClickDedupe();
    clicksBySettings.set(settings, clicks);
  }
  return clicks.once(clientAddress(c), thing, count);
}

/** Counts a visit-website click once per address per tool per minute; false when the tool is unknown. */
export const trackClickOnce = (c: Context<AppEnv>, toolId: number, count: () => Promise<boolean>) =>
  countsOnce(c, toolId, count);

/**
 * Counts a sponsor's impression or click once per address per sponsor per minute, so a loop of
 * requests cannot inflate what its buyer and the admin are shown; false when none is running.
 */
export const sponsorCountOnce = (
  c: Context<AppEnv>,
  what: "impression" | "click",
  bookingId: number,
  count: () => Promise<boolean>,
) => countsOnce(c, `sponsor ${what} ${bookingId}`, count);

/**
 * A member may do something `limitOf(settings)` times an hour, then 429 with Retry-After and
 * `tooMany(limit)` followed by the wait. Admins are exempt. Kept per process (in memory, bounded
 * like the sign-in counters): with several API processes a member gets that many on each.
 */
function memberHourlyLimit(
  limitOf: (settings: Settings) => number,
  tooMany: (limit: number) => string,
): MiddlewareHandler<AppEnv> {
  const counters = new WeakMap<object, WindowCounter>();
  return async (c, next) => {
    const user = c.var.user;
    if (!user || user.role === "admin") return next();
    const settings = c.var.deps.settings;
    let counter = counters.get(settings);
    if (!counter) {
      counter = new WindowCounter(HOUR);
      counters.set(settings, counter);
    }
    const key = String(user.id);
    const limit = limitOf(settings);
    if (counter.count(key) >= limit) {
      const wait = counter.retryAfter(key);
      fail(429, `${tooMany(limit)} Please try again in ${waitText(wait)}.`, { "retry-after": String(wait) });
    }
    counter.add(key);
    return next();
  };
}

/**
 * Each member's saves and unsaves: SAVE_RATE_LIMIT an hour. A save moves a count the pages show,
 * so a member toggling one in a loop would keep the renderer re-rendering for everyone; a visitor
 * saving what they find never comes near the limit.
 */
export const saveLimit = memberHourlyLimit(
  (settings) => settings.SAVE_RATE_LIMIT,
  (limit) => `Too many saves: a member may save or unsave tools ${limit} times per hour.`,
);

/**
 * Checkouts a member starts, and status checks of them, an hour: each calls the payment
 * provider, whose rate limit is the whole site's, so one member in a loop could stop everyone's
 * payments. A buyer starts a few and the success page checks a few dozen times.
 */
export const checkoutLimit = memberHourlyLimit(
  () => 20,
  (limit) => `Too many checkouts started: a member may start ${limit} per hour.`,
);
export const checkoutStatusLimit = memberHourlyLimit(
  () => 300,
  (limit) => `Too many payment checks: a member may check ${limit} times per hour.`,
);

/**
 * Fetches the server makes for a member (site verification) cost it a socket and up to 5 s:
 * each member gets `perHour` checks an hour and at most `concurrent` run at once overall, so
 * nobody can turn the server into a crawler or tie up its sockets.
 */
export class OutboundChecks {
  readonly perMember = new WindowCounter(HOUR);
  #running = 0;

  constructor(
    readonly perHour = 10,
    readonly concurrent = 4,
  ) {}

  async run<T>(memberId: number, check: () => Promise<T>): Promise<T> {
    const key = String(memberId);
    if (this.perMember.count(key) >= this.perHour)
      fail(429, "Too many checks. Please try again later.", { "retry-after": String(this.perMember.retryAfter(key)) });
    if (this.#running >= this.concurrent)
      fail(503, "Too many checks at once, please try again in a few seconds", { "retry-after": "5" });
    this.perMember.add(key);
    this.#running++;
    try {
      return await check();
    } finally {
      this.#running--;
    }
  }
}

const outboundBySettings = new WeakMap<object, OutboundChecks>();

export function outboundChecks(c: Context<AppEnv>): OutboundChecks {
  const settings = c.var.deps.settings;
  let checks = outboundBySettings.get(settings);
  if (!checks) {
    checks = new OutboundChecks();
    outboundBySettings.set(settings, checks);
  }
  return checks;
}

/**
 * Listing reports: `perHour` per address (429 past it), and the same report (tool and reason)
 * from one address is stored once an hour. Bounded like every counter here.
 */
class ReportLimits {
  readonly perAddress = new WindowCounter(HOUR);
  readonly seen = new WindowCounter(HOUR);

  constructor(readonly perHour = 20) {}

  async once(address: string, key: string, store: () => Promise<unknown>): Promise<void> {
    const addr = addressKey(address);
    if (this.perAddress.count(addr) >= this.perHour)
      fail(429, "Too many reports. Please try again later.", {
        "retry-after": String(this.perAddress.retryAfter(addr)),
      });
    this.perAddress.add(addr);
    const repeat = `${addr}\n${key}`;
    if (this.seen.count(repeat) > 0) return;
    this.seen.add(repeat);
    await store();
  }
}

const reportsBySettings = new WeakMap<object, ReportLimits>();

export function reportOnce(
  c: Context<AppEnv>,
  toolId: number,
  reason: string,
  store: () => Promise<unknown>,
): Promise<void> {
  const settings = c.var.deps.settings;
  let limits = reportsBySettings.get(settings);
  if (!limits) {
    limits = new ReportLimits();
    reportsBySettings.set(settings, limits);
  }
  return limits.once(clientAddress(c), `${toolId}:${reason}`, store);
}
