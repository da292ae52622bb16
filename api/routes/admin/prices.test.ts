import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe("product prices set in the admin", () => {
  it("start at the plan's prices, are changed by an admin only and charged by the next checkout", async () => {
    const admin = await h.user({ role: "admin" });
    const member = await h.user();
    const read = await h.call("GET", "/api/admin/prices", { token: admin.token });
    expect(read.body).toEqual({ pro: 999, fast_track: 1900 });

    expect((await h.call("PUT", "/api/admin/prices", { token: member.token, body: { pro: 100 } })).status).toBe(403);
    const tooLow = await h.call("PUT", "/api/admin/prices", { token: admin.token, body: { pro: 10 } });
    expect(tooLow.status).toBe(422);
    expect(tooLow.body.detail).toEqual(expect.any(String));

    const set = await h.call("PUT", "/api/admin/prices", { token: admin.token, body: { pro: 1499 } });
    expect(set.body).toEqual({ pro: 1499, fast_track: 1900 });
    const checkout = await h.call("POST", "/api/payments/checkout/session", {
      token: member.token,
      body: { package_id: "pro" },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    const session = await h.stripe.pay(checkout.body.session_id, { sendWebhook: false });
    expect(session?.amount_total).toBe(1499);
  });
});
