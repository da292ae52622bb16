/**
 * Fulfilment of the paid Checkout sessions of products other than Pro, for the one webhook and
 * the status polls: each commits with its payment row (db/queries/stripe-events.ts
 * `recordPayment`), so any number of deliveries fulfil once.
 */
import type Stripe from "stripe";
import {
  duplicateFastTrack,
  type FastTrackRefund,
  fastTrackRefundsDue,
  fastTrackTarget,
  fulfilFastTrack,
  markFastTrackRefunded,
} from "../db/queries/fast-track";
import { fulfilSponsorPayment, markRefunded, refundsDue } from "../db/queries/sponsors";
import { formatAmount } from "../lib/format";
import { FAST_TRACK_PACKAGE } from "../lib/products";
import { mailToMember, siteLink } from "../mail/notify";
import type { Deps } from "./context";

export const SPONSOR_PACKAGE = "sponsor";

/** The payment of a paid session, which a refund names. */
export const paymentIntentOf = (session: Stripe.Checkout.Session): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/** Fulfils a paid checkout of a product other than Pro (which payments.ts fulfils with its receipt). */
export async function fulfilCheckout(
  deps: Deps,
  session: Stripe.Checkout.Session,
  event?: { id: string; type: string },
): Promise<void> {
  const userId = Number(session.metadata?.user_id);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(userId) || userId < 1) return;
  const amount = formatAmount(session.amount_total ?? 0, session.currency ?? "usd");
  const payment = {
    sessionId: session.id,
    userId,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    paymentIntent: paymentIntentOf(session),
  };
  // The receipt, queued in the batch that records the payment (only if it is recorded now).
  const receipt = (product: string, next: string, path: string, label: string) => (onlyIfPaid: string) =>
    mailToMember(
      userId,
      {
        template: "purchaseReceipt",
        data: { product, amount, next, url: siteLink(deps.settings, path), label },
        list: "payment_receipt",
      },
      onlyIfPaid,
    );
  if (session.metadata?.package_id === SPONSOR_PACKAGE) {
    await fulfilSponsorPayment(
      deps.db,
      payment,
      event,
      receipt(
        "sponsor weeks",
        "Your booking waits for our approval. If it is not approved, or a week was taken before your payment arrived, that part is refunded in full.",
        "/advertise",
        "Your bookings",
      ),
    );
    // Weeks paid for after another buyer took them: refunded now (a failed refund is tried
    // again by the next delivery or poll, under the same idempotency key).
    await settleRefunds(deps, session.id);
  }
  const toolId = Number(session.metadata?.tool_id);
  if (session.metadata?.package_id === FAST_TRACK_PACKAGE && Number.isSafeInteger(toolId) && toolId > 0) {
    const tool = (await fastTrackTarget(deps.db, toolId))?.name ?? "your tool";
    await fulfilFastTrack(
      deps.db,
      payment,
      toolId,
      event,
      receipt(
        `reviewing ${tool} first`,
        "Your tool is now at the front of our review queue. If it is rejected, or its review was already paid for, your payment is refunded in full.",
        "/account",
        "My account",
      ),
    );
    // Paid after the tool was rejected: refunded now, as a rejection after payment is.
    await refundFastTracks(deps, [toolId]);
    // Paid for a review another payment had already bought: refunded now.
    const duplicate = await duplicateFastTrack(deps.db, session.id, toolId);
    if (duplicate) await refundFastTrack(deps, duplicate);
  }
}

/**
 * Refunds through Stripe the fast-track reviews paid for tools of `toolIds` an admin rejected,
 * then records each on its payment. The idempotency key names the payment: refunded once
 * however often this runs.
 */
export async function refundFastTracks(deps: Deps, toolIds: number[]): Promise<number> {
  if (!deps.stripe) return 0;
  let refunded = 0;
  for (const due of await fastTrackRefundsDue(deps.db, toolIds)) refunded += await refundFastTrack(deps, due);
  return refunded;
}

/** Refunds one fast-track payment in full, once (the idempotency key names it), and records it. */
async function refundFastTrack(deps: Deps, due: FastTrackRefund): Promise<number> {
  if (!deps.stripe) return 0;
  await deps.stripe.refunds.create(
    { payment_intent: due.payment_intent, amount: due.amount_cents, metadata: { fast_track: due.session_id } },
    { idempotencyKey: `fast-track-refund-${due.session_id}` },
  );
  await markFastTrackRefunded(deps.db, due.session_id);
  return due.amount_cents;
}

/**
 * Refunds through Stripe what a session's bookings are owed (rejected, or paid for a week taken
 * meanwhile), then records it. The idempotency key names the bookings, so a refund is made once
 * however often this runs.
 */
export async function settleRefunds(deps: Deps, sessionId: string): Promise<number> {
  const due = await refundsDue(deps.db, sessionId);
  if (!due || !deps.stripe) return 0;
  await deps.stripe.refunds.create(
    { payment_intent: due.payment_intent, amount: due.amount_cents, metadata: { bookings: due.ids.join(",") } },
    { idempotencyKey: `sponsor-refund-${due.session_id}-${due.ids.join("-")}` },
  );
  await markRefunded(deps.db, due);
  return due.amount_cents;
}
