import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "../context";
import { createHarness, type Harness } from "../testing/harness";
import { apiQuota, QuotaBuckets } from "./api-quota";

const WINDOW = 60_000;
let h: Harness;
beforeAll(async () => {
  h = await createHarness({ API_ANON_LIMIT: "2", API_KEY_LIMIT: "100", API_QUOTA_WINDOW_MS: String(WINDOW) });
});
afterAll(() => h.close());

/** The quota in front of one public read, on the test's clock; calls come from the address given. */
function quotaOn(clock: { now: number }) {
  const buckets = new QuotaBuckets(WINDOW, () => clock.now);
  const app = new Hono<AppEnv>();
  app.onError(
    (error) => (error as { getResponse?: () => Response }).getResponse?.() ?? new Response(null, { status: 500 }),
  );
  app.use(apiQuota(h.db, h.settings, buckets));
  app.get("/api/tools/", (c) => c.json([]));
  const call = (address: string, headers: Record<string, string> = {}) =>
    app.request("/api/tools/", { headers }, { incoming: { socket: { remoteAddress: address } } });
  return { buckets, call };
}

describe("the API quota's memory", () => {
  it("drops each address's bucket once its window has ended", async () => {
    const clock = { now: 1_000_000 };
    const { buckets, call } = quotaOn(clock);
    for (let i = 0; i < 500; i++) expect((await call(`198.51.${i >> 8}.${i & 255}`)).status).toBe(200);
    expect(buckets.size).toBe(500);
    await call("198.51.0.0");
    expect((await call("198.51.0.0")).status).toBe(429);
    clock.now += WINDOW - 1;
    await call("203.0.113.1");
    expect(buckets.size).toBe(501);
    clock.now += 1;
    // The next call sweeps every bucket whose window is over, whoever makes it.
    await call("203.0.113.2");
    expect(buckets.size).toBe(2);
    expect((await call("198.51.0.0")).status).toBe(200);
  });

  it("writes a key's gathered uses and forgets the key once it is idle", async () => {
    const clock = { now: 5_000_000 };
    const { buckets, call } = quotaOn(clock);
    const keys: { id: number; key: string; token: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const member = await h.user();
      const made = await h.call("POST", "/api/keys", { token: member.token, body: { name: `Agent ${i}` } });
      keys.push({ id: made.body.id, key: made.body.key, token: member.token });
    }
    for (const { key } of keys) for (let n = 0; n < 5; n++) await call("192.0.2.1", { "x-api-key": key });
    // A bucket per key and a record of its unwritten uses.
    expect(buckets.size).toBe(6);
    clock.now += 2 * WINDOW;
    const [first, ...idle] = keys;
    await call("192.0.2.1", { "x-api-key": first?.key ?? "" });
    expect(buckets.size).toBe(2);
    for (const { token } of idle) {
      const [listed] = (await h.call("GET", "/api/keys", { token })).body;
      expect(listed.request_count).toBe(5);
    }
  });
});
