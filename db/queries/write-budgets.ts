import type { Db } from "../client";

/**
 * Spends one write from the member's budget and returns it: `used` counts this write too. A
 * window starts with the first write after the previous one ended (fixed windows of
 * `windowMs`). One statement, so concurrent writes in any process each count once.
 */
export async function spendWriteBudget(
  db: Db,
  userId: number,
  nowMs: number,
  windowMs: number,
): Promise<{ used: number; windowStart: number }> {
  const result = await db.$client.execute({
    sql: `INSERT INTO write_budgets (user_id, window_start, used) VALUES (?1, ?2, 1)
          ON CONFLICT (user_id) DO UPDATE SET
            used = CASE WHEN window_start <= ?2 - ?3 THEN 1 ELSE used + 1 END,
            window_start = CASE WHEN window_start <= ?2 - ?3 THEN ?2 ELSE window_start END
          RETURNING used, window_start`,
    args: [userId, nowMs, windowMs],
  });
  const row = result.rows[0];
  return { used: Number(row?.used ?? 1), windowStart: Number(row?.window_start ?? nowMs) };
}
