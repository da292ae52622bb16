import type { Db } from "../client";

/**
 * Grants Pro for a paid checkout session exactly once. The payment row (unique session id) and
 * the status change are one transaction, and the status changes only when that transaction
 * inserted the row: every later call (webhook retries or replays, status polls, in any order or
 * at once, before or after a cancellation) changes nothing. Returns whether this call granted it.
 */
export async function fulfilPayment(
  db: Db,
  p: { sessionId: string; userId: number; packageId: string; amountCents: number; currency: string },
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
      { sql: "UPDATE users SET subscription_status = 'pro' WHERE id = ? AND changes() = 1", args: [p.userId] },
    ],
    "write",
  );
  return (inserted?.rowsAffected ?? 0) === 1;
}

/** Removes Pro and unfeatures the user's tools, atomically. Returns how many tools were unfeatured. */
export async function cancelPro(db: Db, userId: number): Promise<number> {
  const [, unfeatured] = await db.$client.batch(
    [
      { sql: "UPDATE users SET subscription_status = 'free' WHERE id = ?", args: [userId] },
      {
        sql: "UPDATE tools SET is_featured = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE submitted_by = ? AND is_featured = 1",
        args: [userId],
      },
    ],
    "write",
  );
  return unfeatured?.rowsAffected ?? 0;
}

export async function countPayments(db: Db, userId?: number): Promise<number> {
  const result = await db.$client.execute(
    userId == null
      ? "SELECT count(*) AS n FROM payments"
      : { sql: "SELECT count(*) AS n FROM payments WHERE user_id = ?", args: [userId] },
  );
  return Number(result.rows[0]?.n ?? 0);
}
