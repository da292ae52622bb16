import type { InStatement } from "@libsql/client";
import type { Db } from "../client";

/** SQL that is true only inside the batch that has just recorded its checkout's payment. */
export const PAID_NOW = "EXISTS (SELECT 1 FROM paid_now)";

export type PaidCheckout = {
  sessionId: string;
  userId: number;
  packageId: string;
  amountCents: number;
  currency: string;
  paymentIntent: string | null;
};

/**
 * Records a paid checkout and runs its product's fulfilment in the same transaction, once: the
 * payment row is unique by session, and with a webhook `event` the event is recorded by its id
 * first, so a retried or replayed delivery changes nothing even for a session paid again later.
 * `fulfilment` statements act only under PAID_NOW. One batch, run whole by the driver: no other
 * statement of this process interleaves with it. Returns whether this call recorded the payment.
 */
export async function recordPayment(
  db: Db,
  paid: PaidCheckout,
  fulfilment: InStatement[],
  event?: { id: string; type: string },
): Promise<boolean> {
  const results = await db.$client.batch(
    [
      "CREATE TEMP TABLE IF NOT EXISTS paid_now (session_id TEXT PRIMARY KEY)",
      "DELETE FROM paid_now",
      ...(event
        ? [
            {
              sql: "INSERT INTO stripe_events (id, type) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
              args: [event.id, event.type],
            },
          ]
        : []),
      // changes(): the row count of the statement before (the event recorded for the first time).
      {
        sql: `INSERT INTO payments (session_id, user_id, package_id, amount_cents, currency, payment_intent)
              SELECT ?, ?, ?, ?, ?, ? WHERE ${event ? "changes() = 1" : "true"}
              ON CONFLICT (session_id) DO NOTHING`,
        args: [paid.sessionId, paid.userId, paid.packageId, paid.amountCents, paid.currency, paid.paymentIntent],
      },
      { sql: "INSERT INTO paid_now SELECT ? WHERE changes() = 1", args: [paid.sessionId] },
      ...fulfilment,
      "SELECT count(*) AS n FROM paid_now",
      "DELETE FROM paid_now",
    ],
    "write",
  );
  return Number(results.at(-2)?.rows[0]?.n) === 1;
}

/** Records a webhook event that fulfils nothing (another type), so its replays are known too. */
export async function recordStripeEvent(db: Db, event: { id: string; type: string }): Promise<void> {
  await db.$client.execute({
    sql: "INSERT INTO stripe_events (id, type) VALUES (?, ?) ON CONFLICT (id) DO NOTHING",
    args: [event.id, event.type],
  });
}

/**
 * How long a webhook event's id is kept: far past Stripe's retries (three days) and the
 * signature's five-minute tolerance, so no delivery of a swept event can still be accepted.
 */
export const STRIPE_EVENT_KEEP_DAYS = 30;

/** Forgets events received more than STRIPE_EVENT_KEEP_DAYS before `now`; returns how many went. */
export async function sweepStripeEvents(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - STRIPE_EVENT_KEEP_DAYS * 86_400_000).toISOString();
  const { rowsAffected } = await db.$client.execute({
    sql: "DELETE FROM stripe_events WHERE received_at < ?",
    args: [before],
  });
  return rowsAffected;
}
