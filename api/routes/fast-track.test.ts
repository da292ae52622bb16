import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { id: number; token: string };
beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
});
afterAll(async () => h.close());

async function submit(token: string, name: string): Promise<{ id: number; status: string }> {
  const res = await h.call("POST", "/api/tools/", {
    token,
    body: { name, description: "", website_url: "https://example.com", logo_url: "", category_id: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; status: string };
}

const fastTrack = (token: string, id: number) => h.call("POST", `/api/tools/${id}/fast-track`, { token, body: {} });
const priorityOf = async (id: number) =>
  (await h.call("GET", `/api/admin/tools/${id}`, { token: admin.token })).body.review_priority_at as string | null;
const paymentsOf = async (toolId: number) =>
  (await h.db.$client.execute({ sql: "SELECT * FROM payments WHERE tool_id = ?", args: [toolId] })).rows;

/** Pays a fast-track checkout of `id` and delivers its webhook: twice by one event id, once more by another. */
async function payFastTrack(token: string, id: number) {
  const checkout = await fastTrack(token, id);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const session = await h.stripe.pay(checkout.body.session_id, { sendWebhook: false });
  expect(session?.amount_total).toBe(1900);
  const eventId = `evt_fast_${id}`;
  for (const res of await Promise.all([
    h.completeCheckout(session, { eventId }),
    h.completeCheckout(session, { eventId }),
    h.completeCheckout(session),
  ]))
    expect(res.status).toBe(200);
  return session;
}

describe("fast-track review", () => {
  it("puts the paid tool at the front of the queue once, however often the webhook arrives", async () => {
    const owner = await h.user();
    const tool = await submit(owner.token, "Fast Track Tool");
    expect(tool.status).toBe("pending");
    expect(await priorityOf(tool.id)).toBeNull();
    await payFastTrack(owner.token, tool.id);
    const first = await priorityOf(tool.id);
    expect(first).toEqual(expect.any(String));
    expect(await paymentsOf(tool.id)).toEqual([
      expect.objectContaining({ package_id: "fast_track", amount_cents: 1900, refunded_cents: 0 }),
    ]);
    // Already reviewed first: a second checkout is refused.
    const again = await fastTrack(owner.token, tool.id);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This tool is already reviewed first");
  });

  it("is refunded through Stripe when the admin rejects the tool, once", async () => {
    const owner = await h.user();
    const tool = await submit(owner.token, "Rejected Fast Track Tool");
    const session = await payFastTrack(owner.token, tool.id);
    const reject = { token: admin.token, body: { ids: [tool.id], reason: "Not an AI tool" } };
    expect((await h.call("POST", "/api/admin/tools/reject", reject)).status).toBe(200);
    const refunds = [...h.stripe.refunds.values()].filter((r) => r.payment_intent === session?.payment_intent);
    expect(refunds).toEqual([expect.objectContaining({ amount: 1900 })]);
    expect(await paymentsOf(tool.id)).toEqual([expect.objectContaining({ amount_cents: 1900, refunded_cents: 1900 })]);
  });

  it("is for the owner of a tool waiting for review only", async () => {
    const owner = await h.user();
    const stranger = await h.user();
    const waiting = await submit(owner.token, "Someone Else's Tool");
    // Another member's listing waiting for review is not theirs to see: as unknown as none.
    const denied = await fastTrack(stranger.token, waiting.id);
    expect(denied.status).toBe(404);
    expect(denied.body.detail).toBe("Tool not found");
    expect((await h.call("POST", `/api/tools/${waiting.id}/fast-track`, { body: {} })).status).toBe(401);

    const approved = await submit(owner.token, "Approved Tool");
    expect(
      (await h.call("POST", "/api/admin/tools/approve", { token: admin.token, body: { ids: [approved.id] } })).status,
    ).toBe(200);
    const late = await fastTrack(owner.token, approved.id);
    expect(late.status).toBe(409);
    expect(late.body.detail).toBe("Only a tool waiting for review can be reviewed first");
    expect(
      (await h.call("POST", `/api/tools/${waiting.id}/fast-track`, { token: owner.token, body: { x: 1 } })).status,
    ).toBe(422);
  });
});
