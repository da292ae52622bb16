import type { MiddlewareHandler } from "hono";
import type { Settings } from "../../config/settings";
import type { Db } from "../../db/client";
import { API_KEY_PREFIX, findLiveApiKey, recordApiKeyUse } from "../../db/queries/api-keys";
import { addressKey, clientAddress } from "../client-address";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { MAX_ENTRIES, WindowCounter } from "./rate-limit";

/** How often a key's use is written to the database: its count and last-used time trail by at most this. */
const USE_FLUSH_MS = 60_000;

/** The API key a request carries: `X-API-Key`, or `Authorization: Bearer` with the key prefix (else a JWT). */
function apiKeyOf(header: (name: string) => string | undefined): string | null {
  const explicit = header("x-api-key")?.trim();
  if (explicit) return explicit;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header("authorization") ?? "")?.[1];
  return bearer?.startsWith(API_KEY_PREFIX) ? bearer : null;
}

/** Which calls spend the quota: reads of the public API (admin, auth and health have their own rules). */
const spendsQuota = (method: string, path: string) =>
  path === "/mcp" ||
  path.startsWith("/mcp/") ||
  ((method === "GET" || method === "HEAD") && !/^\/api\/(admin|auth|health)(\/|$)/.test(path));

type KeyUse = { count: number; writtenAt: number; usedAt: number };

/**
 * The quota's memory, on one clock: calls per address and per key in their current windows
 * (each bucket dropped once its window has ended, swept as calls come), and per key the uses not
 * yet written to the database (dropped once written and idle for USE_FLUSH_MS).
 */
export class QuotaBuckets {
  readonly anonymous: WindowCounter;
  readonly keyed: WindowCounter;
  readonly #uses = new Map<number, KeyUse>();
  #sweptAt: number;

  constructor(
    windowMs: number,
    readonly now: () => number = Date.now,
  ) {
    this.anonymous = new WindowCounter(windowMs, MAX_ENTRIES, now);
    this.keyed = new WindowCounter(windowMs, MAX_ENTRIES, now);
    this.#sweptAt = now();
  }

  /** Entries held in memory, all kinds together. */
  get size(): number {
    return this.anonymous.size + this.keyed.size + this.#uses.size;
  }

  /**
   * Counts a use of key `id`. Its first use after a quiet minute is written at once (so "last
   * used" is fresh); later ones within the minute wait. Once a minute, keys written a minute ago
   * or more have what they gathered written and are forgotten: the map holds only keys in use.
   */
  async recordUse(db: Db, id: number): Promise<void> {
    const now = this.now();
    const use = this.#uses.get(id) ?? { count: 0, writtenAt: 0, usedAt: now };
    use.count += 1;
    use.usedAt = now;
    this.#uses.set(id, use);
    if (now - use.writtenAt >= USE_FLUSH_MS) await this.#write(db, id, use, now);
    if (now - this.#sweptAt < USE_FLUSH_MS) return;
    this.#sweptAt = now;
    for (const [other, pending] of this.#uses) {
      if (now - pending.writtenAt < USE_FLUSH_MS) continue;
      if (pending.count > 0) await recordApiKeyUse(db, other, pending.count, new Date(pending.usedAt));
      this.#uses.delete(other);
    }
  }

  async #write(db: Db, id: number, use: KeyUse, now: number) {
    const count = use.count;
    use.count = 0;
    use.writtenAt = now;
    await recordApiKeyUse(db, id, count, new Date(use.usedAt));
  }
}

/**
 * The public read API's and /mcp's quota: API_ANON_LIMIT calls per window per address, or
 * API_KEY_LIMIT per key for a call carrying a member's API key. A key that is unknown or revoked
 * is refused (401) rather than read as anonymous, so its owner learns at once. Every counted
 * answer carries RateLimit-Limit/-Remaining/-Reset; past the quota, 429 with Retry-After.
 * Counters live in this process's memory (`buckets`), bounded like the sign-in limits; a key's
 * use reaches the database at most once a minute (plus its first use), not on every call.
 */
export function apiQuota(
  db: Db,
  settings: Settings,
  buckets = new QuotaBuckets(settings.API_QUOTA_WINDOW_MS),
): MiddlewareHandler<AppEnv> {
  const { anonymous, keyed } = buckets;

  return async (c, next) => {
    const key = apiKeyOf((name) => c.req.header(name));
    const counted = spendsQuota(c.req.method, c.req.path);
    if (!counted && !key) return next();
    // Checked on every call, writes too: a report or a beacon sent with a dead key is refused,
    // not filed as anonymous.
    const found = key && key.length <= 200 ? await findLiveApiKey(db, key) : null;
    if (key && !found) fail(401, "Unknown or revoked API key", { "www-authenticate": 'Bearer realm="api-key"' });
    if (!counted) return next();
    let counter = anonymous;
    let bucket: string;
    let limit = settings.API_ANON_LIMIT;
    if (found) {
      counter = keyed;
      bucket = String(found.id);
      limit = settings.API_KEY_LIMIT;
      await buckets.recordUse(db, found.id);
    } else {
      bucket = addressKey(clientAddress(c));
    }
    const used = counter.add(bucket);
    const reset = counter.retryAfter(bucket);
    const headers = {
      "ratelimit-limit": String(limit),
      "ratelimit-remaining": String(Math.max(0, limit - used)),
      "ratelimit-reset": String(reset),
    };
    if (used > limit) {
      fail(
        429,
        key
          ? `This API key's quota of ${limit} calls per ${settings.API_QUOTA_WINDOW_MS / 1000} seconds is spent. Please try again in ${reset} seconds.`
          : `Too many calls from your address: ${limit} per ${settings.API_QUOTA_WINDOW_MS / 1000} seconds without an API key (create one on your account page for more). Please try again in ${reset} seconds.`,
        { ...headers, "retry-after": String(reset) },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
