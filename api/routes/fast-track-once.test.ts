import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../db/client";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const fastTrackPayments = async () =>
  (
    await h.db.$client.execute({
      sql: "SELECT session_id, payment_intent, tool_id, amount_cents, refunded_cents FROM payments WHERE package_id = 'fast_track' ORDER BY id",
      args: [],
    })
  ).rows as unknown as { session_id: string; payment_intent: string; tool_id: number | null; refunded_cents: number }[];

describe("one paid review per tool", () => {
  it("refunds a second payment for a review already bought, and the database refuses two", async () => {
    const owner = await h.user();
    const created = await h.call("POST", "/api/tools/", {
      token: owner.token,
      body: {
        name: "Twice Paid Tool",
        description: "",
        website_url: "https://example.com",
        logo_url: "",
        category_id: null,
      },
    });
    const toolId = (created.body as { id: number }).id;
    // Two checkouts opened before either is paid (two tabs): both pay, and arrive together.
    const checkouts = await Promise.all(
      [1, 2].map(() => h.call("POST", `/api/tools/${toolId}/fast-track`, { token: owner.token, body: {} })),
    );
    for (const c of checkouts) expect(c.status, JSON.stringify(c.body)).toBe(200);
    const sessions = await Promise.all(
      checkouts.map((c) => h.stripe.pay((c.body as { session_id: string }).session_id, { sendWebhook: false })),
    );
    for (const res of await Promise.all(sessions.map((s) => h.completeCheckout(s)))) expect(res.status).toBe(200);
    // Delivered again: nothing changes, nothing is refunded twice.
    for (const res of await Promise.all(sessions.map((s) => h.completeCheckout(s)))) expect(res.status).toBe(200);

    const ids = sessions.map((s) => s?.id);
    const rows = (await fastTrackPayments()).filter((r) => ids.includes(r.session_id));
    expect(rows).toHaveLength(2);
    const holder = rows.filter((r) => r.tool_id === toolId && r.refunded_cents === 0);
    const refunded = rows.filter((r) => r.tool_id === null && r.refunded_cents === 1900);
    expect(holder).toHaveLength(1);
    expect(refunded).toHaveLength(1);
    const refunds = [...h.stripe.refunds.values()].filter((r) => r.payment_intent === refunded[0]?.payment_intent);
    expect(refunds).toEqual([expect.objectContaining({ amount: 1900 })]);
    expect([...h.stripe.refunds.values()].filter((r) => r.payment_intent === holder[0]?.payment_intent)).toEqual([]);

    // The constraint itself: a second unrefunded fast-track payment naming the tool is refused.
    const insert = h.db.$client.execute({
      sql: "INSERT INTO payments (session_id, user_id, package_id, amount_cents, tool_id) VALUES ('cs_forged', ?, 'fast_track', 1900, ?)",
      args: [owner.id, toolId],
    });
    const error = await insert.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error, "payments.tool_id")).toBe(true);
  });
});
