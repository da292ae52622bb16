import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKey } from "../../db/queries/api-keys";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let member: { id: number; token: string; email: string };
let admin: { id: number; token: string };
beforeAll(async () => {
  // A small quota so that spending it takes a few calls.
  h = await createHarness({ API_ANON_LIMIT: "3", API_KEY_LIMIT: "5" });
  member = await h.user();
  admin = await h.user({ role: "admin" });
});
afterAll(() => h.close());

async function newKey(token: string, name: string) {
  const res = await h.call("POST", "/api/keys", { token, body: { name } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; key: string; name: string; prefix: string };
}

describe("a member's API keys", () => {
  it("are shown once, stored hashed, listed by name with their last use", async () => {
    const created = await newKey(member.token, "My script");
    expect(created.key).toMatch(/^aitd_[A-Za-z0-9_-]{32}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const stored = await h.db.$client.execute("SELECT * FROM api_keys");
    expect(JSON.stringify(stored.rows)).not.toContain(created.key);
    expect(stored.rows[0]?.key_hash).toBe(hashApiKey(created.key));

    const listed = await h.call("GET", "/api/keys", { token: member.token });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.id, name: "My script", last_used_at: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(created.key);

    const used = await h.call("GET", "/api/tools/?limit=1", { headers: { "x-api-key": created.key } });
    expect(used.status).toBe(200);
    const after = await h.call("GET", "/api/keys", { token: member.token });
    expect(after.body[0]).toMatchObject({ request_count: 1, last_used_at: expect.any(String) });
  });

  it("give a higher quota than anonymous use, then 429 with Retry-After and RateLimit headers", async () => {
    const address = "203.0.113.7";
    for (let i = 0; i < 3; i++) expect((await h.call("GET", "/api/categories/", { address })).status).toBe(200);
    const anonymous = await h.call("GET", "/api/categories/", { address });
    expect(anonymous.status).toBe(429);
    expect(anonymous.body.detail).toMatch(/Too many calls from your address/);
    expect(anonymous.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(anonymous.headers.get("ratelimit-remaining")).toBe("0");

    // The same address with a key has the key's own, larger budget.
    const { key } = await newKey(member.token, "Quota");
    const statuses: number[] = [];
    let last: Awaited<ReturnType<Harness["call"]>> | null = null;
    for (let i = 0; i < 6; i++) {
      last = await h.call("GET", "/api/categories/", { address, headers: { authorization: `Bearer ${key}` } });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("ratelimit-limit")).toBe("5");
        expect(last.headers.get("ratelimit-remaining")).toBe("4");
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last?.body.detail).toMatch(/API key's quota of 5 calls/);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last?.headers.get("ratelimit-reset")).toBe(last?.headers.get("retry-after"));
  });

  it("answer 401 with a detail when revoked or unknown, and leave members' sessions working", async () => {
    const { id, key } = await newKey(member.token, "Short-lived");
    expect((await h.call("GET", "/api/tags", { headers: { "x-api-key": key } })).status).toBe(200);
    const revoked = await h.call("DELETE", `/api/keys/${id}`, { token: member.token });
    expect(revoked.body).toMatchObject({ id, revoked_at: expect.any(String) });
    const sent: Record<string, string>[] = [
      { "x-api-key": key },
      { authorization: `Bearer ${key}` },
      { "x-api-key": "aitd_nope" },
    ];
    for (const headers of sent) {
      const res = await h.call("GET", "/api/tags", { headers });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Unknown or revoked API key");
      // Nor is a write that anyone may make filed as anonymous under a dead key.
      const report = await h.call("POST", "/api/tools/1/reports", {
        headers,
        body: { reason: "other", note: "sent with a dead key" },
      });
      expect(report.status).toBe(401);
      expect(report.body.detail).toBe("Unknown or revoked API key");
    }
    // A member's JWT in the same header still signs them in.
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).body.email).toBe(member.email);
    expect((await h.call("GET", "/api/tools/", { token: member.token, address: "198.51.100.1" })).status).toBe(200);
  });

  it("read only: a key does not act as its member", async () => {
    const { key } = await newKey(member.token, "Reader");
    const submit = await h.call("POST", "/api/tools/", { token: key, body: { name: "By key" } });
    expect(submit.status).toBe(401);
    expect((await h.call("GET", "/api/keys", { token: key })).status).toBe(401);
  });

  it("cannot be revoked by another member, and are capped per member", async () => {
    const other = await h.user();
    const { id } = await newKey(member.token, "Mine");
    expect((await h.call("DELETE", `/api/keys/${id}`, { token: other.token })).status).toBe(404);
    const live = (await h.call("GET", "/api/keys", { token: member.token })).body.filter(
      (k: { revoked_at: string | null }) => !k.revoked_at,
    ).length;
    for (let i = live; i < 10; i++) await newKey(member.token, `Key ${i}`);
    const over = await h.call("POST", "/api/keys", { token: member.token, body: { name: "One too many" } });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/revoke one first/);
    const bad = await h.call("POST", "/api/keys", { token: other.token, body: { name: "" } });
    expect(bad.status).toBe(422);
  });
});

describe("API keys in the admin", () => {
  it("lists every member's keys with their use, and revokes any", async () => {
    const page = await h.call(
      "GET",
      `/api/admin/api-keys?filter={"user_id":${member.id}}&sort=["request_count","DESC"]`,
      {
        token: admin.token,
      },
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("content-range")).toMatch(/^api-keys 0-\d+\/\d+$/);
    expect(page.body[0]).toMatchObject({ user_email: member.email, request_count: expect.any(Number) });
    expect(JSON.stringify(page.body)).not.toMatch(/key_hash|aitd_[A-Za-z0-9_-]{32}/);
    const live = page.body.find((k: { revoked_at: string | null }) => !k.revoked_at);
    const revoked = await h.call("DELETE", `/api/admin/api-keys/${live.id}`, { token: admin.token });
    expect(revoked.body).toMatchObject({ id: live.id, revoked_at: expect.any(String) });
    expect((await h.call("GET", "/api/admin/api-keys", { token: member.token })).status).toBe(403);
  });
});
