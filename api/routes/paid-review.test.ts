import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fulfilPayment } from "../../db/queries/payments";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
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

const payment = (userId: number, sessionId: string) => ({
  sessionId,
  userId,
  packageId: "pro",
  amountCents: 999,
  currency: "usd",
  days: 30,
});

describe("paying while a tool waits for review", () => {
  it("moves the buyer's pending tools to the front of the moderation queue, marked paid", async () => {
    const admin = await h.user({ role: "admin" });
    const buyer = await h.user();
    const other = await h.user();
    const waiting = await submit(buyer.token, "Paid Review Tool");
    const newer = await submit(other.token, "Unpaid Newer Tool");
    expect([waiting.status, newer.status]).toEqual(["pending", "pending"]);

    const queue = async () => {
      const res = await h.call(
        "GET",
        `/api/admin/tools?sort=${encodeURIComponent('["review_priority","DESC"]')}&filter=${encodeURIComponent('{"status":"pending"}')}&range=${encodeURIComponent("[0,99]")}`,
        { token: admin.token },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { id: number; review_priority_at: string | null }[];
    };
    // Before paying: newest first, nothing marked.
    expect((await queue()).map((t) => t.id).slice(0, 2)).toEqual([newer.id, waiting.id]);

    expect(await fulfilPayment(h.db, payment(buyer.id, "cs_paid_review"))).toBe(true);
    const after = await queue();
    expect(after[0]).toMatchObject({ id: waiting.id, review_priority_at: expect.any(String) });
    expect(after.find((t) => t.id === newer.id)?.review_priority_at).toBeNull();

    // The owner's own list says so too (the account page explains why it cannot be featured yet).
    const own = await h.call("GET", "/api/tools/", { token: buyer.token });
    const mine = (own.body as { id: number; review_priority_at?: string | null }[]).find((t) => t.id === waiting.id);
    expect(mine?.review_priority_at).toEqual(after[0]?.review_priority_at);
  });

  it("changes nothing when the same payment is seen again", async () => {
    const buyer = await h.user();
    const waiting = await submit(buyer.token, "Replayed Payment Tool");
    expect(await fulfilPayment(h.db, payment(buyer.id, "cs_replayed"))).toBe(true);
    const first = await h.call("GET", `/api/admin/tools/${waiting.id}`, {
      token: (await h.user({ role: "admin" })).token,
    });
    expect(await fulfilPayment(h.db, payment(buyer.id, "cs_replayed"))).toBe(false);
    const second = await h.call("GET", `/api/admin/tools/${waiting.id}`, {
      token: (await h.user({ role: "admin" })).token,
    });
    expect((second.body as { review_priority_at: string }).review_priority_at).toBe(
      (first.body as { review_priority_at: string }).review_priority_at,
    );
  });
});
