import type { MiddlewareHandler } from "hono";
import { spendWriteBudget } from "../../db/queries/write-budgets";
import type { AppEnv } from "../context";
import { fail } from "../errors";

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A window's length in words: "1 hour", "15 minutes", "90 seconds". */
function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return plural(ms / 3_600_000, "hour");
  if (ms % 60_000 === 0) return plural(ms / 60_000, "minute");
  return plural(Math.ceil(ms / 1000), "second");
}

/** A wait in words, rounded up to whole minutes past one minute. */
export const waitText = (seconds: number) =>
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
