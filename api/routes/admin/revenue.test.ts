import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextWeek, weekOf } from "../../../lib/sponsors";
import { createHarness, type Harness } from "../../testing/harness";

let h: Harness;
let admin: { id: number; token: string };
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
});
afterAll(async () => h.close());

/** Pays a checkout session on the local Stripe server and delivers its webhook. */
async function payAndDeliver(sessionId: string) {
  const session = await h.stripe.pay(sessionId, { sendWebhook: false });
  const res = await h.completeCheckout(session, { eventId: `evt_${sessionId}` });
  expect(res.status).toBe(200);
  return session;
}

describe("the revenue page", () => {
  it("lists Pro, sponsor weeks and fast-track with their refunds, totals them by month and exports them", async () => {
    const buyer = await h.user();
    const pro = await h.call("POST", "/api/payments/checkout/session", {
      token: buyer.token,
      body: { package_id: "pro" },
    });
    const proSession = await payAndDeliver(pro.body.session_id);

    const placement = await h.call("POST", "/api/admin/sponsor-placements", {
      token: admin.token,
      body: { kind: "search_top", name: "Search top", weekly_price_cents: 2500, capacity: 1 },
    });
    const booked = await h.call("POST", "/api/sponsors/bookings", {
      token: buyer.token,
      body: {
        placement_id: placement.body.id,
        weeks: [nextWeek(weekOf(new Date()))],
        banner: { title: "Acme", text: "Acme writes", url: "https://acme.example/" },
      },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    await payAndDeliver(booked.body.session_id);

    const owner = await h.user();
    const tool = await h.call("POST", "/api/tools/", {
      token: owner.token,
      body: {
        name: "Revenue Tool",
        description: "",
        website_url: "https://example.com",
        logo_url: "",
        category_id: null,
      },
    });
    const fast = await h.call("POST", `/api/tools/${tool.body.id}/fast-track`, { token: owner.token, body: {} });
    const fastSession = await payAndDeliver(fast.body.session_id);
    const reject = { ids: [tool.body.id], reason: "Not an AI tool" };
    expect((await h.call("POST", "/api/admin/tools/reject", { token: admin.token, body: reject })).status).toBe(200);

    const member = await h.user();
    expect((await h.call("GET", "/api/admin/revenue", { token: member.token })).status).toBe(403);
    const list = await h.call("GET", "/api/admin/revenue?sort=%5B%22created_at%22%2C%22ASC%22%5D", {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.headers.get("content-range")).toBe("revenue 0-2/3");
    expect(list.body).toEqual([
      expect.objectContaining({
        product: "pro",
        stripe_id: proSession?.payment_intent,
        member: buyer.email,
        amount_cents: 999,
        status: "paid",
      }),
      expect.objectContaining({ product: "sponsor", member: buyer.email, amount_cents: 2500, refunded_cents: 0 }),
      expect.objectContaining({
        product: "fast_track",
        stripe_id: fastSession?.payment_intent,
        member: owner.email,
        tool_name: "Revenue Tool",
        amount_cents: 1900,
        refunded_cents: 1900,
        status: "refunded",
      }),
    ]);
    const refunded = await h.call("GET", `/api/admin/revenue?filter=${encodeURIComponent('{"status":"refunded"}')}`, {
      token: admin.token,
    });
    expect(refunded.body.map((p: { product: string }) => p.product)).toEqual(["fast_track"]);

    const summary = await h.call("GET", "/api/admin/revenue/summary", { token: admin.token });
    expect(summary.body.months).toEqual([
      {
        month: new Date().toISOString().slice(0, 7),
        currency: "usd",
        payments: 3,
        gross_cents: 999 + 2500 + 1900,
        refunded_cents: 1900,
        net_cents: 999 + 2500,
        by_product: { fast_track: 0, pro: 999, sponsor: 2500 },
      },
    ]);

    const csv = await h.app.request("/api/admin/revenue.csv", { headers: { authorization: `Bearer ${admin.token}` } });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe(
      "created_at,stripe_id,session_id,product,member,tool_name,amount_cents,refunded_cents,currency,status",
    );
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.includes("fast_track"))).toContain("1900,1900,usd,refunded");
  });
});
