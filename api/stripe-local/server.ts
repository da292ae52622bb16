import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { parseStripeForm } from "./form";

/**
 * A Stripe-compatible server on the loopback interface, implementing what the product uses:
 * Checkout Session create/retrieve/expire, a hosted checkout page (clearly marked test mode)
 * that pays or cancels, a signed `checkout.session.completed` webhook, and refunds of a paid
 * session's payment (`POST /v1/refunds`, honouring Idempotency-Key as Stripe does). The real Stripe SDK
 * talks to it through its host/port/protocol options, in tests and in a local demo without keys.
 */
export type LocalStripe = {
  port: number;
  secretKey: string;
  webhookSecret: string;
  close: () => Promise<void>;
  /** Marks a session paid exactly as the checkout page's Pay button does (for tests). */
  pay: (sessionId: string, options?: { sendWebhook?: boolean }) => Promise<Session | null>;
  sessions: Map<string, Session>;
  refunds: Map<string, Refund>;
};

type Refund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
  created: number;
};

type Session = {
  id: string;
  object: "checkout.session";
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  /** The payment, once paid: what a refund names. */
  payment_intent: string | null;
  /** What the hosted page shows as the product bought. */
  product_name: string;
  /** What the purchase buys, shown under its name as Stripe's page does. */
  product_description: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  livemode: false;
};

const signer = new Stripe("sk_test_local", { maxNetworkRetries: 0 });

export async function startLocalStripe(options: {
  /** Where `checkout.session.completed` is delivered; a function because the app port may be chosen later. */
  webhookUrl?: () => string;
  port?: number;
}): Promise<LocalStripe> {
  const secretKey = `sk_test_local_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_local_${randomBytes(18).toString("hex")}`;
  const sessions = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  /** Idempotency-Key -> the refund it created, so a retried request refunds once. */
  const refundKeys = new Map<string, Refund>();
  let base = "";

  const sendWebhook = async (session: Session) => {
    const url = options.webhookUrl?.();
    if (!url) return;
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: session },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    try {
      await fetch(url, {
        method: "POST",
        body: payload,
        headers: { "content-type": "application/json", "stripe-signature": header },
      });
    } catch {
      // The status poll fulfils the payment as well, so a missed webhook loses nothing.
    }
  };

  const pay = async (id: string, { sendWebhook: send = true } = {}) => {
    const session = sessions.get(id);
    if (session?.status !== "open") return session ?? null;
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = `pi_${randomBytes(12).toString("hex")}`;
    session.url = null;
    if (send) await sendWebhook(session);
    return session;
  };

  const server = createServer(async (req, res) => {
    try {
      await route(req, res);
    } catch (error) {
      json(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const body = await readBody(req);
    const checkout = /^\/checkout\/(cs_test_\w+)(\/pay|\/cancel)?$/.exec(url.pathname);
    if (checkout) {
      const session = sessions.get(checkout[1] ?? "");
      if (!session) return html(res, 404, "<h1>Checkout session not found</h1>");
      if (req.method === "GET" && !checkout[2]) return html(res, 200, checkoutPage(session));
      if (req.method === "POST" && checkout[2] === "/pay") {
        await pay(session.id);
        return redirect(res, session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
      }
      if (req.method === "POST" && checkout[2] === "/cancel") return redirect(res, session.cancel_url);
    }
    if (!url.pathname.startsWith("/v1/"))
      return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return json(res, 401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const form = parseStripeForm(body);
      const items = (form.line_items ?? []) as {
        quantity?: string;
        price_data?: {
          unit_amount?: string;
          currency?: string;
          product_data?: { name?: string; description?: string };
        };
      }[];
      const amount = items.reduce(
        (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
        0,
      );
      if (!form.success_url || !form.cancel_url || !Number.isFinite(amount) || amount <= 0) {
        return json(res, 400, { error: { type: "invalid_request_error", message: "Missing required param" } });
      }
      const id = `cs_test_${randomBytes(16).toString("hex")}`;
      const session: Session = {
        id,
        object: "checkout.session",
        mode: String(form.mode ?? "payment"),
        status: "open",
        payment_status: "unpaid",
        amount_total: amount,
        currency: String(items[0]?.price_data?.currency ?? "usd"),
        payment_intent: null,
        product_name: String(items[0]?.price_data?.product_data?.name ?? "Purchase"),
        product_description: String(items[0]?.price_data?.product_data?.description ?? ""),
        metadata: (form.metadata ?? {}) as Record<string, string>,
        client_reference_id: (form.client_reference_id as string) ?? null,
        customer_email: (form.customer_email as string) ?? null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        url: `${base}/checkout/${id}`,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      sessions.set(id, session);
      return json(res, 200, session);
    }
    if (req.method === "POST" && url.pathname === "/v1/refunds") return refund(req, res, parseStripeForm(body));
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
    if (one) {
      const session = sessions.get(decodeURIComponent(one[1] ?? ""));
      if (!session) {
        return json(res, 404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "No such checkout.session" },
        });
      }
      if (req.method === "POST" && one[2]) {
        if (session.status === "open") {
          session.status = "expired";
          session.url = null;
        }
        return json(res, 200, session);
      }
      if (req.method === "GET") return json(res, 200, session);
    }
    return json(res, 404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  }

  /** Refunds part or all of a paid session's payment; more than is left to refund is refused. */
  function refund(req: IncomingMessage, res: ServerResponse, form: Record<string, unknown>) {
    const key = req.headers["idempotency-key"];
    const earlier = typeof key === "string" ? refundKeys.get(key) : undefined;
    if (earlier) return json(res, 200, earlier);
    const intent = String(form.payment_intent ?? "");
    const paid = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === intent);
    if (!paid) {
      return json(res, 404, {
        error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
      });
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent)
      .reduce((sum, r) => sum + r.amount, 0);
    const amount = form.amount === undefined ? paid.amount_total - refunded : Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > paid.amount_total - refunded) {
      return json(res, 400, {
        error: {
          type: "invalid_request_error",
          code: "charge_already_refunded",
          message: "The amount is more than is left to refund",
        },
      });
    }
    const made: Refund = {
      id: `re_${randomBytes(12).toString("hex")}`,
      object: "refund",
      amount,
      currency: paid.currency,
      payment_intent: intent,
      status: "succeeded",
      metadata: (form.metadata ?? {}) as Record<string, string>,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(made.id, made);
    if (typeof key === "string") refundKeys.set(key, made);
    return json(res, 200, made);
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    port,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    pay,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.on("data", (chunk: Buffer) => {
      data += chunk.toString();
      if (data.length > 1_000_000) req.destroy();
    });
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json", "request-id": `req_${randomBytes(6).toString("hex")}` });
  res.end(JSON.stringify(body));
}

function html(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(body);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(session: Session): string {
  const price = `$${(session.amount_total / 100).toFixed(2)}`;
  const done = session.status !== "open";
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Test mode checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f5f5f7;display:grid;place-items:center;min-height:100vh;margin:0}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:1.5rem;width:min(420px,100% - 2rem);margin:1rem 0;box-shadow:0 4px 24px #0001;overflow-wrap:anywhere}
.badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.2rem .7rem;font-weight:600;font-size:.85rem}
button{font:inherit;padding:.7rem 1.2rem;border-radius:8px;border:0;cursor:pointer;margin-right:.5rem}
.pay{background:#4f46e5;color:#fff}.cancel{background:#e5e7eb}</style></head>
<body><main><span class="badge">TEST MODE</span>
<h1>${escapeHtml(session.product_name)}</h1><p>${escapeHtml(session.product_description)}</p><p>${escapeHtml(session.customer_email ?? "")}</p><p><strong>${price}</strong> ${escapeHtml(session.currency.toUpperCase())}</p>
<p>This is a local test checkout: no card is charged.</p>
${
  done
    ? `<p>This session is ${escapeHtml(session.status)}.</p>`
    : `<form method="post" action="/checkout/${session.id}/pay" style="display:inline"><button class="pay" type="submit">Pay ${price}</button></form>
<form method="post" action="/checkout/${session.id}/cancel" style="display:inline"><button class="cancel" type="submit">Cancel</button></form>`
}
</main></body></html>`;
}
