import type { Context } from "hono";
import type Stripe from "stripe";
import { z } from "zod";
import { siteOrigins } from "../../config/settings";
import {
  cancelPro,
  fulfilPayment,
  openCheckout,
  openCheckoutSession,
  proUntilAfterPayment,
  recordCheckout,
  releaseCheckout,
} from "../../db/queries/payments";
import { getPrices } from "../../db/queries/prices";
import { recordStripeEvent } from "../../db/queries/stripe-events";
import { featuredToolsOf, getTool } from "../../db/queries/tools";
import { formatAmount } from "../../lib/format";
import { PRO_PRICE_CENTS, proPlanTerms } from "../../lib/pro-plan";
import { dollars } from "../../lib/sponsors";
import { mailToMember, siteLink } from "../../mail/notify";
import { fulfilCheckout, paymentIntentOf } from "../checkout-fulfilment";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { checkoutLimit, checkoutStatusLimit } from "../middleware/rate-limit";
import { apiRouter, jsonBody, route } from "../route";
import { checkoutInput } from "../schemas";

const PACKAGES = { pro: { name: "AI Tools Directory Pro", currency: "usd" } } as const;
/** How long a checkout stays payable (Stripe's shortest is 30 minutes; one more for clock drift). */
export const CHECKOUT_MINUTES = 31;
const ALREADY_PRO = "You already have Pro access!";

export function stripeOf(c: Context<AppEnv>): Stripe {
  const stripe = c.var.deps.stripe;
  if (!stripe) fail(503, "Payments are not configured on this server (STRIPE_SECRET_KEY is missing)");
  return stripe;
}

/**
 * Where checkout sends the browser back: PUBLIC_URL's origin (or, without it, outside
 * production, the loopback origin of the configured port the page was opened on). Never taken
 * from the Host header: a crafted one would turn a genuine Stripe page into a redirect to any site.
 */
export function returnOrigin(c: Context<AppEnv>, originUrl: string | undefined): string {
  const allowed = siteOrigins(c.var.deps.settings);
  if (originUrl === undefined) return allowed[0] as string;
  let given: string | null = null;
  try {
    given = new URL(originUrl).origin;
  } catch {}
  if (given === null || !allowed.includes(given)) fail(400, "origin_url must be this site's own address");
  return given;
}

/** Grants Pro for a paid session, once: only the call that records its payment changes the user. */
async function fulfilIfPaid(
  c: Context<AppEnv>,
  session: Stripe.Checkout.Session,
  event?: { id: string; type: string },
): Promise<void> {
  const userId = Number(session.metadata?.user_id);
  if (session.payment_status !== "paid" || !Number.isSafeInteger(userId) || userId < 1) return;
  // Every other product's checkout (api/checkout-fulfilment.ts).
  if (session.metadata?.package_id && session.metadata.package_id !== "pro")
    return fulfilCheckout(c.var.deps, session, event);
  const days = c.var.deps.settings.FEATURE_DAYS;
  // Read before the payment is recorded: where this payment takes the member's Pro, for the receipt.
  const until = await proUntilAfterPayment(c.var.deps.db, userId, days);
  await fulfilPayment(
    c.var.deps.db,
    {
      sessionId: session.id,
      userId,
      packageId: session.metadata?.package_id ?? "pro",
      amountCents: session.amount_total ?? PRO_PRICE_CENTS,
      currency: session.currency ?? "usd",
      days,
    },
    { paymentIntent: paymentIntentOf(session), event },
    (onlyIfPaid) =>
      mailToMember(
        userId,
        {
          template: "paymentReceipt",
          data: {
            amount: formatAmount(session.amount_total ?? PRO_PRICE_CENTS, session.currency ?? "usd"),
            days,
            until,
            paidOn: new Date().toISOString(),
            order: session.id,
            url: siteLink(c.var.deps.settings, "/account"),
          },
          list: "payment_receipt",
        },
        onlyIfPaid,
      ),
  );
}

const CHECKOUT_IN_PROGRESS = `You already have a checkout in progress: complete it, or start a new one once it expires (at most ${CHECKOUT_MINUTES} minutes)`;

/**
 * The member's open checkout session to continue ({url, session_id}), "expired" when the payment
 * provider has ended it, or null when it cannot be continued (being created, or paid already).
 */
async function resumableCheckout(
  stripe: Stripe,
  sessionId: string | null,
): Promise<{ url: string; session_id: string } | "expired" | null> {
  if (!sessionId) return null;
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
  if (session?.status === "expired") return "expired";
  if (session?.status === "open" && session.url) return { url: session.url, session_id: session.id };
  return null;
}

export const paymentRoutes = apiRouter();

paymentRoutes.openapi(
  route({
    operationId: "createCheckoutSession",
    method: "post",
    path: "/checkout/session",
    summary: "Start a Stripe Checkout for the Pro package; returns the checkout url",
    access: "user",
    middleware: [checkoutLimit] as const,
    request: { body: jsonBody(checkoutInput) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { package_id, origin_url } = c.req.valid("json");
    if (user.subscription_status === "pro") fail(409, ALREADY_PRO);
    const origin = returnOrigin(c, origin_url);
    const pkg = PACKAGES[package_id];
    const stripe = stripeOf(c);
    const { db } = c.var.deps;
    // The price the admin has set, read as the checkout opens.
    const amount = (await getPrices(db))[package_id];
    // One open checkout at a time, so one member cannot pay twice for one period.
    const expiresAt = new Date(Date.now() + CHECKOUT_MINUTES * 60_000);
    let opened = await openCheckout(db, user.id, expiresAt);
    if (opened === "open") {
      // The member came back (Back from the payment page, another tab): the checkout they opened
      // is theirs to continue, never a second one to pay.
      const resumed = await resumableCheckout(stripe, await openCheckoutSession(db, user.id));
      if (resumed === "expired") {
        await releaseCheckout(db, user.id, await openCheckoutSession(db, user.id));
        opened = await openCheckout(db, user.id, expiresAt);
      } else if (resumed) return c.json(resumed);
    }
    if (opened === "pro") fail(409, ALREADY_PRO);
    if (opened === "open") fail(409, CHECKOUT_IN_PROGRESS);
    const session = await stripe.checkout.sessions
      .create({
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: pkg.currency,
              unit_amount: amount,
              // What the purchase buys, in the pricing card's words (lib/pro-plan.ts).
              product_data: {
                name: pkg.name,
                description: proPlanTerms(c.var.deps.settings.FEATURE_DAYS, dollars(amount)).buys,
              },
            },
          },
        ],
        success_url: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/pricing`,
        client_reference_id: String(user.id),
        customer_email: user.email,
        metadata: { user_id: String(user.id), package_id },
        expires_at: Math.floor(expiresAt.getTime() / 1000),
      })
      .catch(async (error) => {
        await releaseCheckout(db, user.id, null);
        throw error;
      });
    await recordCheckout(db, user.id, session.id);
    if (!session.url) fail(502, "The payment provider returned no checkout address");
    return c.json({ url: session.url, session_id: session.id });
  },
);

paymentRoutes.openapi(
  route({
    operationId: "getCheckoutStatus",
    method: "get",
    path: "/checkout/status/{session_id}",
    summary: "Status of your checkout session; grants Pro once it is paid",
    access: "user",
    middleware: [checkoutStatusLimit] as const,
    request: { params: z.object({ session_id: z.string() }) },
  }),
  async (c) => {
    const user = requireUser(c);
    const sessionId = c.req.valid("param").session_id;
    if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) fail(404, "Payment session not found");
    let session: Stripe.Checkout.Session;
    try {
      session = await stripeOf(c).checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) fail(404, "Payment session not found");
      throw error;
    }
    // Another user's session answers exactly like an unknown one.
    if (session.metadata?.user_id !== String(user.id)) fail(404, "Payment session not found");
    await fulfilIfPaid(c, session);
    if (session.status === "expired") await releaseCheckout(c.var.deps.db, user.id, session.id);
    return c.json({
      session_id: session.id,
      status: session.status,
      payment_status: session.payment_status,
      amount_total: session.amount_total,
      currency: session.currency,
    });
  },
);

paymentRoutes.openapi(
  route({
    operationId: "receiveStripeWebhook",
    method: "post",
    path: "/webhook",
    summary: "Stripe webhook (signed; the raw body is verified)",
    access: "public",
  }),
  async (c) => {
    const stripe = stripeOf(c);
    const secret = c.var.deps.settings.STRIPE_WEBHOOK_SECRET;
    if (!secret) fail(503, "Webhook secret is not configured");
    const signature = c.req.header("stripe-signature");
    if (!signature) fail(400, "Missing Stripe-Signature header");
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(payload, signature, secret, 300);
    } catch {
      fail(400, "Invalid webhook signature");
    }
    // Every product's checkout is fulfilled here, once by event id and once by session.
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      await fulfilIfPaid(c, event.data.object, { id: event.id, type: event.type });
    } else await recordStripeEvent(c.var.deps.db, { id: event.id, type: event.type });
    return c.json({ received: true });
  },
);

paymentRoutes.openapi(
  route({
    operationId: "cancelSubscription",
    method: "post",
    path: "/cancel-subscription",
    summary: "Cancel Pro (unfeatures your tool)",
    access: "user",
  }),
  async (c) => {
    const user = requireUser(c);
    const NOT_PRO = "You do not have a Pro subscription";
    if (user.subscription_status !== "pro") fail(409, NOT_PRO);
    const { db } = c.var.deps;
    const featured = await featuredToolsOf(db, user.id);
    const before = await Promise.all(featured.map((id) => getTool(db, { id })));
    const unfeatured = await cancelPro(db, user.id);
    if (unfeatured === null) fail(409, NOT_PRO);
    if (unfeatured.length > 0) {
      const after = await Promise.all(unfeatured.map((id) => getTool(db, { id })));
      c.var.deps.onContentChange?.(
        "pro cancelled: tool unfeatured",
        [...before, ...after].flatMap((t) => t ?? []),
      );
    }
    return c.json({ detail: "Subscription cancelled", subscription_status: "free" });
  },
);
