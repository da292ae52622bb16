import type { InStatement } from "@libsql/client";
import type { Db } from "../client";
import { prioritizeReview } from "./moderation";
import { PAID_NOW, recordPayment } from "./stripe-events";
import { PRO_NOW } from "./users";

/**
 * Where a payment of `?` (SQLite's '+N days') takes a member's Pro: N days from the later of now
 * and the end of an active period; an active Pro with no end keeps none.
 */
const PRO_UNTIL_AFTER_PAYMENT = `CASE
  WHEN ${PRO_NOW("users")} AND pro_until IS NULL THEN NULL
  ELSE strftime('%Y-%m-%dT%H:%M:%fZ', max(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    CASE WHEN ${PRO_NOW("users")} THEN pro_until ELSE '' END), ?) END`;

/** The end of Pro a payment for `days` would give the member now (for the receipt), or null. */
export async function proUntilAfterPayment(db: Db, userId: number, days: number): Promise<string | null> {
  const result = await db.$client.execute({
    sql: `SELECT ${PRO_UNTIL_AFTER_PAYMENT} AS until FROM users WHERE id = ?`,
    args: [`+${days} days`, userId],
  });
  const until = result.rows[0]?.until;
  return typeof until === "string" ? until : null;
}

/**
 * Grants Pro for a paid checkout session exactly once. The payment row (unique session id) and
 * the status change are one transaction, and the status changes only when that transaction
 * inserted the row: every later call (webhook retries or replays, status polls, in any order or
 * at once, before or after a cancellation) changes nothing. Returns whether this call granted it.
 * A payment is never lost: one that lands while Pro is active (a second checkout paid) extends the
 * period by `days` from its current end.
 */
export async function fulfilPayment(
  db: Db,
  p: { sessionId: string; userId: number; packageId: string; amountCents: number; currency: string; days: number },
  paid: { paymentIntent?: string | null; event?: { id: string; type: string } } = {},
  /** The receipt, written in the same batch and only when this call records the payment. */
  receipt?: (onlyIfPaid: string) => InStatement,
): Promise<boolean> {
  return recordPayment(
    db,
    { ...p, paymentIntent: paid.paymentIntent ?? null },
    [
      {
        sql: `UPDATE users SET subscription_status = 'pro', pro_until = ${PRO_UNTIL_AFTER_PAYMENT}
              WHERE id = ? AND ${PAID_NOW}`,
        args: [`+${p.days} days`, p.userId],
      },
      // The member's own featured tool lasts as long as their (possibly extended) period.
      {
        sql: `UPDATE tools SET featured_until = (SELECT pro_until FROM users WHERE id = ?)
              WHERE submitted_by = ? AND is_featured = 1 AND owner_featured = 1 AND ${PAID_NOW}`,
        args: [p.userId, p.userId],
      },
      { sql: `DELETE FROM open_checkouts WHERE user_id = ? AND ${PAID_NOW}`, args: [p.userId] },
      // Paid while a tool waits for review: it cannot be featured until approved, so it is reviewed first.
      prioritizeReview({ ownerId: p.userId }, PAID_NOW),
      ...(receipt ? [receipt(PAID_NOW)] : []),
    ],
    paid.event,
  );
}

/**
 * Takes the member's one open checkout until `expiresAt`, in one statement: refused ("pro") while
 * they are Pro, or ("open") while an earlier checkout of theirs has not expired.
 */
export async function openCheckout(db: Db, userId: number, expiresAt: Date): Promise<"ok" | "pro" | "open"> {
  const [claim, user] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO open_checkouts (user_id, session_id, expires_at)
              SELECT id, NULL, ? FROM users WHERE id = ? AND NOT ${PRO_NOW("users")}
              ON CONFLICT (user_id) DO UPDATE SET session_id = NULL, expires_at = excluded.expires_at
                WHERE open_checkouts.expires_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
        args: [expiresAt.toISOString(), userId],
      },
      { sql: `SELECT ${PRO_NOW("users")} AS pro FROM users WHERE id = ?`, args: [userId] },
    ],
    "write",
  );
  if ((claim?.rowsAffected ?? 0) === 1) return "ok";
  return Number(user?.rows[0]?.pro) === 1 ? "pro" : "open";
}

/** The session of the member's open (unexpired) checkout, or null (none, or not created yet). */
export async function openCheckoutSession(db: Db, userId: number): Promise<string | null> {
  const result = await db.$client.execute({
    sql: `SELECT session_id FROM open_checkouts
          WHERE user_id = ? AND expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    args: [userId],
  });
  const id = result.rows[0]?.session_id;
  return typeof id === "string" ? id : null;
}

/** Names the session that holds the member's open checkout. */
export async function recordCheckout(db: Db, userId: number, sessionId: string): Promise<void> {
  await db.$client.execute({
    sql: "UPDATE open_checkouts SET session_id = ? WHERE user_id = ? AND session_id IS NULL",
    args: [sessionId, userId],
  });
}

/** Frees the member's checkout slot: its session expired (or, with no session, was never created). */
export async function releaseCheckout(db: Db, userId: number, sessionId: string | null): Promise<void> {
  await db.$client.execute({
    sql: "DELETE FROM open_checkouts WHERE user_id = ? AND session_id IS ?",
    args: [userId, sessionId],
  });
}

/**
 * Removes Pro and unfeatures the user's tools, atomically, if they are Pro when it runs (not when
 * the request was read): a feature written a moment before is ended with it. Null when not Pro;
 * otherwise the ids of the tools unfeatured.
 */
export async function cancelPro(db: Db, userId: number): Promise<number[] | null> {
  const [cancelled, unfeatured] = await db.$client.batch(
    [
      {
        sql: "UPDATE users SET subscription_status = 'free', pro_until = NULL WHERE id = ? AND subscription_status = 'pro'",
        args: [userId],
      },
      // changes(): the row count of the statement before (1 when this call cancelled).
      {
        sql: "UPDATE tools SET is_featured = 0, featured_until = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE submitted_by = ? AND is_featured = 1 AND changes() = 1 RETURNING id",
        args: [userId],
      },
    ],
    "write",
  );
  if ((cancelled?.rowsAffected ?? 0) === 0) return null;
  return (unfeatured?.rows ?? []).map((r) => Number(r.id));
}

/**
 * Ends what has run out by `now`: features past their end date, and Pro periods past theirs
 * (the member is free again and their own featured tool unfeatured), in one transaction.
 * Returns the tools unfeatured, for their pages to be re-rendered.
 */
export async function endFeaturePeriods(
  db: Db,
  now: Date,
  /** The owners' "has ended" mail for the tools unfeatured, each under the SQL condition given. */
  mail: (ended: EndedFeature[], onlyIfEnded: (toolId: number) => string) => InStatement[] = () => [],
): Promise<{ id: number; slug: string }[]> {
  const at = now.toISOString();
  const ending = `is_featured = 1 AND ((featured_until IS NOT NULL AND featured_until <= :at)
                OR (owner_featured = 1 AND submitted_by IN (SELECT id FROM lapsing))
                -- Featured by its owner, it needs the owner Pro and an end date (none only while
                -- their Pro has none, bought before periods): whatever wrote it otherwise.
                OR (owner_featured = 1 AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = tools.submitted_by
                  AND u.subscription_status = 'pro' AND (featured_until IS NOT NULL OR u.pro_until IS NULL))))`;
  const lapsing = [
    // The members whose Pro ends now, for the statements after it.
    { sql: "CREATE TEMP TABLE IF NOT EXISTS lapsing (id INTEGER PRIMARY KEY)", args: [] },
    {
      sql: `INSERT OR IGNORE INTO lapsing SELECT id FROM users
            WHERE subscription_status = 'pro' AND pro_until IS NOT NULL AND pro_until <= ?`,
      args: [at],
    },
  ];
  // Who is about to end, read first for the mails' words; each mail is written only if the
  // batch below really ended that tool (it carries this pass's updated_at).
  const [, , candidates] = await db.$client.batch(
    [
      ...lapsing,
      {
        sql: `SELECT id, slug, name, submitted_by, coalesce(featured_until, :at) AS until FROM tools WHERE ${ending}`,
        args: { at },
      },
      { sql: "DELETE FROM lapsing", args: [] },
    ],
    "write",
  );
  const soon = (candidates?.rows ?? []).map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    submitted_by: r.submitted_by == null ? null : Number(r.submitted_by),
    until: String(r.until),
  }));
  const endedNow = (toolId: number) =>
    `EXISTS (SELECT 1 FROM tools WHERE id = ${Number(toolId)} AND is_featured = 0 AND updated_at = '${at}')`;
  const [, , ended] = await db.$client.batch(
    [
      ...lapsing,
      {
        sql: `UPDATE tools SET is_featured = 0, featured_until = NULL, updated_at = :at WHERE ${ending} RETURNING id, slug`,
        args: { at },
      },
      { sql: "UPDATE users SET subscription_status = 'free' WHERE id IN (SELECT id FROM lapsing)", args: [] },
      { sql: "DELETE FROM lapsing", args: [] },
      ...mail(soon, endedNow),
    ],
    "write",
  );
  return (ended?.rows ?? []).map((r) => ({ id: Number(r.id), slug: String(r.slug) }));
}

export type EndedFeature = { id: number; slug: string; name: string; submitted_by: number | null; until: string };

/**
 * The owners' featured tools that end within `days` and were not reminded of this end yet: each
 * is marked reminded of its `featured_until` with its mail, in one batch (once per end).
 */
export async function remindFeaturesEnding(
  db: Db,
  now: Date,
  days: number,
  mail: (ending: EndedFeature[], onlyIfMarked: string) => InStatement[],
): Promise<number> {
  const soon = new Date(now.getTime() + days * 86_400_000).toISOString();
  const found = await db.$client.execute({
    sql: `SELECT id, slug, name, submitted_by, featured_until AS until FROM tools
          WHERE is_featured = 1 AND owner_featured = 1 AND featured_until > ? AND featured_until <= ?
            AND featuring_reminder_for IS NOT featured_until`,
    args: [now.toISOString(), soon],
  });
  const ending = found.rows.map((r) => ({
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    submitted_by: r.submitted_by == null ? null : Number(r.submitted_by),
    until: String(r.until),
  }));
  if (ending.length === 0) return 0;
  // Each mark, then its mail only if the mark was written now (changes()): once per end.
  await db.$client.batch(
    ending.flatMap((tool) => [
      {
        sql: `UPDATE tools SET featuring_reminder_for = featured_until
              WHERE id = ? AND featured_until = ? AND featuring_reminder_for IS NOT featured_until`,
        args: [tool.id, tool.until],
      },
      ...mail([tool], "changes() > 0"),
    ]),
    "write",
  );
  return ending.length;
}
