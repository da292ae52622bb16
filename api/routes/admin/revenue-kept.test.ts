import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("payments of a deleted account", () => {
  it("stay on the Revenue page and in its export, without the person", async () => {
    const admin = await h.user({ role: "admin" });
    const buyer = await h.user({ password: "correct-horse-battery" });
    const checkout = await h.call("POST", "/api/payments/checkout/session", {
      token: buyer.token,
      body: { package_id: "pro" },
    });
    const session = await h.stripe.pay(checkout.body.session_id, { sendWebhook: false });
    const hook = await h.completeCheckout(session, { eventId: `evt_${session?.id}` });
    expect(hook.status).toBe(200);

    const gone = await h.call("DELETE", "/api/auth/me", {
      token: buyer.token,
      body: { password: "correct-horse-battery", tools: "keep" },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);

    const list = await h.call("GET", "/api/admin/revenue", { token: admin.token });
    expect(list.body).toEqual([
      expect.objectContaining({
        product: "pro",
        stripe_id: session?.payment_intent,
        amount_cents: 999,
        status: "paid",
        user_id: null,
        member: null,
      }),
    ]);
    const summary = await h.call("GET", "/api/admin/revenue/summary", { token: admin.token });
    expect(summary.body.months[0]).toMatchObject({ payments: 1, gross_cents: 999, net_cents: 999 });
    const csv = await h.app.request("/api/admin/revenue.csv", { headers: { authorization: `Bearer ${admin.token}` } });
    const text = await csv.text();
    expect(text).toContain(String(session?.payment_intent));
    expect(text).not.toContain(buyer.email);
  });
});
