import type { MiddlewareHandler } from "hono";
import { spendWriteBudget } from "../../db/queries/write-budgets";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { WindowCounter } from "./rate-limit";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A window's length in words: "1 hour", "15 minutes", "90 seconds". */
function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return plural(ms / 3_600_000, "hour");
  if (ms % 60_000 === 0) return plural(ms / 60_000, "minute");
  return plural(Math.ceil(ms / 1000), "second");
}

/** A wait in words, rounded up to whole minutes past one minute. */
const waitText = (seconds: number) =>
  seconds <= 60 ? plural(seconds, "second") : plural(Math.ceil(seconds / 60), "minute");

/**
 * Each member's budget of tool creates, updates and deletes and review posts: WRITE_RATE_LIMIT
 * per WRITE_RATE_WINDOW_MS. The count lives in the database (one row per member), so every
 * server process spends the same budget and no process holds per-member state in memory.
 * Admins are exempt; a visitor passes on to the handler's 401. Over budget: 429 with
 * Retry-After (seconds until the window ends) and a detail.
 */
export const memberWriteLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (!user || user.role === "admin") return next();
  const { db, settings, now } = c.var.deps;
  const limit = settings.WRITE_RATE_LIMIT;
  const windowMs = settings.WRITE_RATE_WINDOW_MS;
  const at = (now?.() ?? new Date()).getTime();
  const budget = await spendWriteBudget(db, user.id, at, windowMs);
  if (budget.used > limit) {
    const wait = Math.max(1, Math.ceil((budget.windowStart + windowMs - at) / 1000));
    fail(
      429,
      `Too many changes: a member may submit, edit or delete tools and post reviews ${limit} times per ${duration(windowMs)}. Please try again in ${waitText(wait)}.`,
      { "retry-after": String(wait) },
    );
  }
  return next();
};

const HOUR = 60 * 60 * 1000;
const savesBySettings = new WeakMap<object, WindowCounter>();

/**
 * Each member's saves and unsaves: SAVE_RATE_LIMIT an hour, then 429 with Retry-After. A save
 * moves a count the pages show, so a member toggling one in a loop would keep the renderer
 * re-rendering for everyone; a visitor saving what they find never comes near the limit. Kept
 * per process (in memory, bounded like the sign-in counters): with several API processes a
 * member gets that many on each.
 */
export const saveLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (!user || user.role === "admin") return next();
  const settings = c.var.deps.settings;
  let saves = savesBySettings.get(settings);
  if (!saves) {
    saves = new WindowCounter(HOUR);
    savesBySettings.set(settings, saves);
  }
  const key = String(user.id);
  if (saves.count(key) >= settings.SAVE_RATE_LIMIT) {
    const wait = saves.retryAfter(key);
    fail(
      429,
      `Too many saves: a member may save or unsave tools ${settings.SAVE_RATE_LIMIT} times per hour. Please try again in ${waitText(wait)}.`,
      { "retry-after": String(wait) },
    );
  }
  saves.add(key);
  return next();
};
