import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setModeration } from "../../db/queries/moderation";
import { spendWriteBudget } from "../../db/queries/write-budgets";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ WRITE_RATE_LIMIT: "4", WRITE_RATE_WINDOW_MS: "3600000", SAVE_RATE_LIMIT: "6" });
  // Submissions publish at once, so they can be reviewed (budgets, not review, are tested).
  await setModeration(h.db, false);
});
afterAll(async () => h.close());

describe("a member's budget of tool and review writes", () => {
  it("counts creates, updates, deletes and review posts, then answers 429 with Retry-After and a detail", async () => {
    const member = await h.user();
    const created = await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Budget Tool" } });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await h.call("PUT", `/api/tools/${id}`, { token: member.token, body: { description: "x" } })).status).toBe(
      200,
    );
    // Another maker's tool: nobody reviews their own.
    const maker = await h.user();
    const reviewed = (await h.call("POST", "/api/tools/", { token: maker.token, body: { name: "Reviewed Tool" } })).body
      .id;
    const review = { token: member.token, body: { rating: 5 } };
    expect((await h.call("POST", `/api/reviews/tool/${reviewed}`, review)).status).toBe(201);
    // Re-posting the same review re-renders the page each time: it counts like any other write.
    expect((await h.call("POST", `/api/reviews/tool/${reviewed}`, review)).status).toBe(201);

    for (const [method, path, body] of [
      ["POST", "/api/tools/", { name: "One Too Many" }],
      ["PUT", `/api/tools/${id}`, { description: "y" }],
      ["DELETE", `/api/tools/${id}`, undefined],
      ["POST", `/api/reviews/tool/${reviewed}`, { rating: 1 }],
    ] as const) {
      const refused = await h.call(method, path, { token: member.token, body });
      expect(refused.status, `${method} ${path}`).toBe(429);
      expect(refused.body.detail).toMatch(/4 times per 1 hour/);
      const retry = Number(refused.headers.get("retry-after"));
      expect(retry).toBeGreaterThan(3500);
      expect(retry).toBeLessThanOrEqual(3600);
    }
    // Nothing was written by the refused requests.
    expect((await h.call("GET", `/api/tools/${id}`)).body.description).toBe("x");
    expect((await h.call("GET", "/api/tools/?submitted_by=me", { token: member.token })).body).toHaveLength(1);
    // Reads and saves are not writes of this kind.
    expect((await h.call("GET", `/api/tools/${id}`, { token: member.token })).status).toBe(200);
    expect((await h.call("POST", `/api/tools/${id}/save`, { token: member.token })).status).toBe(200);
  });

  it("is each member's own, leaves admins exempt and visitors to the 401", async () => {
    const busy = await h.user();
    for (let i = 0; i < 5; i++) await h.call("POST", "/api/tools/", { token: busy.token, body: { name: `Busy ${i}` } });
    const calm = await h.user();
    expect((await h.call("POST", "/api/tools/", { token: calm.token, body: { name: "Calm" } })).status).toBe(201);
    const admin = await h.user({ role: "admin" });
    for (let i = 0; i < 8; i++) {
      const res = await h.call("POST", "/api/tools/", { token: admin.token, body: { name: `Admin ${i}` } });
      expect(res.status).toBe(201);
    }
    expect((await h.call("POST", "/api/tools/", { body: { name: "Nobody" } })).status).toBe(401);
  });
});

describe("the budget's window", () => {
  it("starts afresh once the window has passed, and counts in the database (any process)", async () => {
    const member = await h.user();
    const hour = 3_600_000;
    const t0 = 1_800_000_000_000;
    expect(await spendWriteBudget(h.db, member.id, t0, hour)).toEqual({ used: 1, windowStart: t0 });
    expect(await spendWriteBudget(h.db, member.id, t0 + hour - 1, hour)).toEqual({ used: 2, windowStart: t0 });
    expect(await spendWriteBudget(h.db, member.id, t0 + hour, hour)).toEqual({ used: 1, windowStart: t0 + hour });
    const rows = await h.db.$client.execute({
      sql: "SELECT count(*) AS n FROM write_budgets WHERE user_id = ?",
      args: [member.id],
    });
    expect(Number(rows.rows[0]?.n)).toBe(1);
  });
});

describe("a member's saves", () => {
  it("are counted apart from writes: past the hour's limit, 429 with Retry-After and nothing saved", async () => {
    const owner = await h.user({ role: "admin" });
    const a = (await h.call("POST", "/api/tools/", { token: owner.token, body: { name: "Toggled" } })).body.id;
    const b = (await h.call("POST", "/api/tools/", { token: owner.token, body: { name: "Untouched" } })).body.id;
    const member = await h.user();
    for (let i = 0; i < 3; i++) {
      expect((await h.call("POST", `/api/tools/${a}/save`, { token: member.token })).status).toBe(200);
      expect((await h.call("DELETE", `/api/tools/${a}/save`, { token: member.token })).status).toBe(200);
    }
    const refused = await h.call("POST", `/api/tools/${b}/save`, { token: member.token });
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/save or unsave tools 6 times per hour/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await h.call("GET", `/api/tools/${b}`)).body.saves_count).toBe(0);
    // Its write budget is untouched, another member saves, an admin is exempt, a visitor gets 401.
    expect((await h.call("POST", "/api/tools/", { token: member.token, body: { name: "Still Mine" } })).status).toBe(
      201,
    );
    const other = await h.user();
    expect((await h.call("POST", `/api/tools/${b}/save`, { token: other.token })).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      expect((await h.call("POST", `/api/tools/${a}/save`, { token: owner.token })).status).toBe(200);
    }
    expect((await h.call("POST", `/api/tools/${b}/save`)).status).toBe(401);
  });
});
