import type { Db } from "../client";

/**
 * Grants Pro for a paid checkout session exactly once: the payment row's unique session id makes
 * every later call (webhook retries, status polls, in any order or at once) a no-op.
 */
export async function fulfilPayment(
  db: Db,
  p: { sessionId: string; userId: number; packageId: string; amountCents: number; currency: string },
): Promise<boolean> {
  const [inserted] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO payments (session_id, user_id, package_id, amount_cents, currency) VALUES (?, ?, ?, ?, ?)
              ON CONFLICT (session_id) DO NOTHING RETURNING id`,
        args: [p.sessionId, p.userId, p.packageId, p.amountCents, p.currency],
      },
      { sql: "UPDATE users SET subscription_status = 'pro' WHERE id = ?", args: [p.userId] },
    ],
    "write",
  );
  return (inserted?.rows.length ?? 0) > 0;
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
