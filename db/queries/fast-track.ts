import type { InStatement } from "@libsql/client";
import { FAST_TRACK_PACKAGE } from "../../lib/products";
import type { Db } from "../client";
import { prioritizeReview } from "./moderation";
import { PAID_NOW, type PaidCheckout, recordPayment } from "./stripe-events";

/** What deciding a fast-track checkout needs of a tool, or null when there is no such tool. */
export async function fastTrackTarget(
  db: Db,
  toolId: number,
): Promise<{ name: string; submitted_by: number | null; status: string; prioritized: boolean } | null> {
  const row = (
    await db.$client.execute({
      sql: "SELECT name, submitted_by, status, review_priority_at IS NOT NULL AS prioritized FROM tools WHERE id = ?",
      args: [toolId],
    })
  ).rows[0];
  if (!row) return null;
  return {
    name: String(row.name),
    submitted_by: row.submitted_by == null ? null : Number(row.submitted_by),
    status: String(row.status),
    prioritized: Number(row.prioritized) === 1,
  };
}

/** A fast-track payment holding its tool's one paid review (payments_fast_track_tool_unique). */
const holdsReview = (p: string) => `${p}.package_id = '${FAST_TRACK_PACKAGE}' AND ${p}.refunded_cents = 0`;

/**
 * Records a paid fast-track review and moves its tool to the front of the moderation queue, in
 * the payment's own batch: once, however often it is delivered. Returns whether this call did.
 * A tool has one paid review at a time (a unique index): a second payment for it (two tabs, two
 * checkouts opened before either was paid) is recorded without the tool and refunded
 * (duplicateFastTrack).
 */
export function fulfilFastTrack(
  db: Db,
  paid: Omit<PaidCheckout, "packageId">,
  toolId: number,
  event?: { id: string; type: string },
  /** The receipt, written in the same batch and only when this call records the payment. */
  receipt?: (onlyIfPaid: string) => InStatement,
): Promise<boolean> {
  return recordPayment(
    db,
    { ...paid, packageId: FAST_TRACK_PACKAGE },
    [
      {
        sql: `UPDATE payments SET tool_id = ? WHERE session_id = ? AND ${PAID_NOW}
                AND NOT EXISTS (SELECT 1 FROM payments o WHERE o.tool_id = ? AND ${holdsReview("o")})`,
        args: [toolId, paid.sessionId, toolId],
      },
      prioritizeReview({ toolIds: [toolId] }, PAID_NOW),
      ...(receipt ? [receipt(PAID_NOW)] : []),
    ],
    event,
  );
}

export type FastTrackRefund = { session_id: string; payment_intent: string; amount_cents: number };

/** The fast-track payments not yet refunded for those of `toolIds` that an admin rejected. */
export async function fastTrackRefundsDue(db: Db, toolIds: number[]): Promise<FastTrackRefund[]> {
  if (toolIds.length === 0) return [];
  const result = await db.$client.execute({
    sql: `SELECT p.session_id, p.payment_intent, p.amount_cents - p.refunded_cents AS amount_cents
          FROM payments p JOIN tools t ON t.id = p.tool_id
          WHERE p.package_id = ? AND t.status = 'rejected' AND p.tool_id IN (${toolIds.map(() => "?").join(",")})
            AND p.refunded_cents < p.amount_cents AND p.payment_intent IS NOT NULL`,
    args: [FAST_TRACK_PACKAGE, ...toolIds],
  });
  return result.rows.map((r) => ({
    session_id: String(r.session_id),
    payment_intent: String(r.payment_intent),
    amount_cents: Number(r.amount_cents),
  }));
}

/**
 * The fast-track payment of a session that arrived for a tool whose review another payment had
 * already bought, not yet refunded; null for any other payment.
 */
export async function duplicateFastTrack(db: Db, sessionId: string, toolId: number): Promise<FastTrackRefund | null> {
  const row = (
    await db.$client.execute({
      sql: `SELECT session_id, payment_intent, amount_cents FROM payments p
            WHERE session_id = ? AND package_id = ? AND tool_id IS NULL AND refunded_cents = 0
              AND payment_intent IS NOT NULL
              AND EXISTS (SELECT 1 FROM payments o WHERE o.tool_id = ? AND o.session_id <> p.session_id
                AND ${holdsReview("o")})`,
      args: [sessionId, FAST_TRACK_PACKAGE, toolId],
    })
  ).rows[0];
  return row
    ? {
        session_id: String(row.session_id),
        payment_intent: String(row.payment_intent),
        amount_cents: Number(row.amount_cents),
      }
    : null;
}

/** Records that a fast-track payment was refunded in full. */
export async function markFastTrackRefunded(db: Db, sessionId: string): Promise<void> {
  await db.$client.execute({
    sql: "UPDATE payments SET refunded_cents = amount_cents WHERE session_id = ?",
    args: [sessionId],
  });
}
