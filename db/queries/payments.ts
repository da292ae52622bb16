import type { Db } from "../client";

/**
 * Grants Pro for a paid checkout session exactly once. The payment row (unique session id) and
 * the status change are one transaction, and the status changes only when that transaction
 * inserted the row: every later call (webhook retries or replays, status polls, in any order or
 * at once, before or after a cancellation) changes nothing. Returns whether this call granted it.
 */
export async function fulfilPayment(
  db: Db,
  p: { sessionId: string; userId: number; packageId: string; amountCents: number; currency: string; days: number },
): Promise<boolean> {
  const [inserted] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO payments (session_id, user_id, package_id, amount_cents, currency) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (session_id) DO NOTHING`,
        args: [p.sessionId, p.userId, p.packageId, p.amountCents, p.currency],
      },
      // changes() is the row count of the INSERT just before, in this same transaction and
      // connection: 1 when the payment is new, 0 when the session was already recorded.
      // Pro for `days` from now (a purchase is only taken from a member who is not Pro).
      {
        sql: `UPDATE users SET subscription_status = 'pro', pro_until = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)
              WHERE id = ? AND changes() = 1`,
        args: [`+${p.days} days`, p.userId],
      },
    ],
    "write",
  );
  return (inserted?.rowsAffected ?? 0) === 1;
}

/** Removes Pro and unfeatures the user's tools, atomically. Returns how many tools were unfeatured. */
export async function cancelPro(db: Db, userId: number): Promise<number> {
  const [, unfeatured] = await db.$client.batch(
    [
      { sql: "UPDATE users SET subscription_status = 'free', pro_until = NULL WHERE id = ?", args: [userId] },
      {
        sql: "UPDATE tools SET is_featured = 0, featured_until = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE submitted_by = ? AND is_featured = 1",
        args: [userId],
      },
    ],
    "write",
  );
  return unfeatured?.rowsAffected ?? 0;
}

/**
 * Ends what has run out by `now`: features past their end date, and Pro periods past theirs
 * (the member is free again and their own featured tool unfeatured), in one transaction.
 * Returns the tools unfeatured, for their pages to be re-rendered.
 */
export async function endFeaturePeriods(db: Db, now: Date): Promise<{ id: number; slug: string }[]> {
  const at = now.toISOString();
  const [, , ended] = await db.$client.batch(
    [
      // The members whose Pro ends now, for the statements after it.
      { sql: "CREATE TEMP TABLE IF NOT EXISTS lapsing (id INTEGER PRIMARY KEY)", args: [] },
      {
        sql: `INSERT OR IGNORE INTO lapsing SELECT id FROM users
              WHERE subscription_status = 'pro' AND pro_until IS NOT NULL AND pro_until <= ?`,
        args: [at],
      },
      {
        sql: `UPDATE tools SET is_featured = 0, featured_until = NULL, updated_at = ?
              WHERE is_featured = 1 AND ((featured_until IS NOT NULL AND featured_until <= ?)
                OR (owner_featured = 1 AND submitted_by IN (SELECT id FROM lapsing)))
              RETURNING id, slug`,
        args: [at, at],
      },
      { sql: "UPDATE users SET subscription_status = 'free' WHERE id IN (SELECT id FROM lapsing)", args: [] },
      { sql: "DELETE FROM lapsing", args: [] },
    ],
    "write",
  );
  return (ended?.rows ?? []).map((r) => ({ id: Number(r.id), slug: String(r.slug) }));
}
