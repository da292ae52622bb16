import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings";
import { FeaturePeriods } from "../../jobs/feature-periods";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
const signer = new Stripe("sk_test_signer");
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const paymentRows = async () => Number((await h.db.$client.execute("SELECT count(*) AS n FROM payments")).rows[0]?.n);
const statusOf = async (token: string) =>
  (await h.call("GET", "/api/auth/me", { token })).body.user_metadata.subscription_status;

async function checkout(token: string) {
  const res = await h.call("POST", "/api/payments/checkout/session/", {
    token,
    body: { package_id: "pro" },
  });
  expect(res.status).toBe(200);
  return res.body as { url: string; session_id: string };
}

function signedEvent(session: unknown, options: { timestamp?: number } = {}) {
  const payload = JSON.stringify({
    id: `evt_${Math.random()}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: session },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: h.settings.STRIPE_WEBHOOK_SECRET ?? "",
    ...options,
  });
  return { payload, header };
}

describe("Pro checkout", () => {
  it("needs a member, the pro package and this site's own origin", async () => {
    const member = await h.user();
    expect((await h.call("POST", "/api/payments/checkout/session/", { body: { package_id: "pro" } })).status).toBe(401);
    const wrongPackage = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "gold" },
    });
    expect(wrongPackage.status).toBe(422);
    for (const origin of [
      "https://evil.example",
      "javascript:alert(1)",
      "http://localhost.evil.example",
      "//evil.example",
    ]) {
      const res = await h.call("POST", "/api/payments/checkout/session/", {
        token: member.token,
        body: { package_id: "pro", origin_url: origin },
      });
      expect(res.status, origin).toBe(400);
      expect(res.body.detail).toMatch(/own address/);
    }
  });

  it("lets a member start 20 checkouts an hour, so no one member can spend the site's payment-provider limit", async () => {
    const member = await h.user();
    const start = (token: string) =>
      h.call("POST", "/api/payments/checkout/session/", { token, body: { package_id: "pro" } });
    for (let i = 0; i < 20; i++) expect((await start(member.token)).status).toBe(200);
    const refused = await start(member.token);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(
      /^Too many checkouts started: a member may start 20 per hour\. Please try again in/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await start((await h.user()).token)).status).toBe(200);
  });

  it("grants Pro once the session is paid, and only to its own user", async () => {
    const member = await h.user();
    const other = await h.user();
    const { url, session_id } = await checkout(member.token);
    expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${h.stripe.port}/checkout/cs_test_`));
    const unpaid = await h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: member.token });
    expect(unpaid.body).toEqual(expect.objectContaining({ payment_status: "unpaid", status: "open" }));
    expect(await statusOf(member.token)).toBe("free");

    const stranger = await h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: other.token });
    expect(stranger.status).toBe(404);
    expect((await h.call("GET", "/api/payments/checkout/status/cs_test_unknown", { token: member.token })).status).toBe(
      404,
    );
    expect((await h.call("GET", "/api/payments/checkout/status/not-a-session", { token: member.token })).status).toBe(
      404,
    );

    await h.stripe.pay(session_id, { sendWebhook: false });
    const paid = await h.call("GET", `/api/payments/checkout/status/${session_id}/`, { token: member.token });
    expect(paid.body).toEqual(expect.objectContaining({ payment_status: "paid", status: "complete" }));
    expect(await statusOf(member.token)).toBe("pro");
    expect(await statusOf(other.token)).toBe("free");

    const again = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "pro" },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("You already have Pro access!");
  });

  it("reports an expired session as expired and grants nothing", async () => {
    const member = await h.user();
    const { session_id } = await checkout(member.token);
    await new Stripe(h.stripe.secretKey, {
      host: "127.0.0.1",
      port: h.stripe.port,
      protocol: "http",
    }).checkout.sessions.expire(session_id);
    const res = await h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: member.token });
    expect(res.body).toEqual(expect.objectContaining({ status: "expired", payment_status: "unpaid" }));
    expect(await statusOf(member.token)).toBe("free");
  });
});

describe("the Stripe webhook", () => {
  it("refuses a bad signature, a missing header, a re-serialised body and an old timestamp", async () => {
    const member = await h.user();
    const { session_id } = await checkout(member.token);
    const session = await h.stripe.pay(session_id, { sendWebhook: false });
    const before = await paymentRows();
    const good = signedEvent(session);
    const attempts: { raw: string; headers: Record<string, string> }[] = [
      { raw: good.payload, headers: { "stripe-signature": "t=1,v1=deadbeef" } },
      { raw: good.payload, headers: {} },
      { raw: JSON.stringify(JSON.parse(good.payload), null, 2), headers: { "stripe-signature": good.header } },
      (() => {
        const old = signedEvent(session, { timestamp: Math.floor(Date.now() / 1000) - 600 });
        return { raw: old.payload, headers: { "stripe-signature": old.header } };
      })(),
    ];
    for (const attempt of attempts) {
      const res = await h.call("POST", "/api/payments/webhook", {
        raw: attempt.raw,
        headers: { "content-type": "application/json", ...attempt.headers },
      });
      expect(res.status).toBe(400);
      expect(res.body.detail).toBeTruthy();
    }
    expect(await paymentRows()).toBe(before);
    expect(await statusOf(member.token)).toBe("free");
  });

  it("fulfils exactly once however often the event and the status poll arrive", async () => {
    const member = await h.user();
    const { session_id } = await checkout(member.token);
    const session = await h.stripe.pay(session_id, { sendWebhook: false });
    const before = await paymentRows();
    const event = signedEvent(session);
    const deliveries = Array.from({ length: 5 }, () =>
      h.call("POST", "/api/payments/webhook", {
        raw: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.header },
      }),
    );
    const polls = Array.from({ length: 20 }, () =>
      h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: member.token }),
    );
    const results = await Promise.all([...deliveries, ...polls]);
    for (const res of results) expect(res.status).toBe(200);
    expect(await paymentRows()).toBe(before + 1);
    expect(await statusOf(member.token)).toBe("pro");
  });
});

describe("Pro after a cancellation", () => {
  it("is not granted again by polling the old session or replaying its webhook", async () => {
    const member = await h.user();
    const { session_id } = await checkout(member.token);
    const session = await h.stripe.pay(session_id, { sendWebhook: false });
    const event = signedEvent(session);
    const deliver = () =>
      h.call("POST", "/api/payments/webhook", {
        raw: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.header },
      });
    const poll = () => h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: member.token });
    expect((await poll()).status).toBe(200);
    expect(await statusOf(member.token)).toBe("pro");
    const before = await paymentRows();

    expect((await h.call("POST", "/api/payments/cancel-subscription", { token: member.token })).status).toBe(200);
    expect(await statusOf(member.token)).toBe("free");
    // The old session still reads "paid" at Stripe; neither path may turn that into Pro again.
    const polled = await poll();
    expect(polled.status).toBe(200);
    expect(polled.body.payment_status).toBe("paid");
    expect(await statusOf(member.token)).toBe("free");
    expect((await deliver()).status).toBe(200);
    expect(await statusOf(member.token)).toBe("free");
    await Promise.all([deliver(), deliver(), poll(), poll()]);
    expect(await statusOf(member.token)).toBe("free");
    expect(await paymentRows()).toBe(before);

    // A new purchase is a new session: that one grants Pro.
    const second = await checkout(member.token);
    await h.stripe.pay(second.session_id, { sendWebhook: false });
    await h.call("GET", `/api/payments/checkout/status/${second.session_id}`, { token: member.token });
    expect(await statusOf(member.token)).toBe("pro");
    expect(await paymentRows()).toBe(before + 1);
  });
});

describe("checkout return URLs", () => {
  const successUrlOf = (sessionId: string) => h.stripe.sessions.get(sessionId)?.success_url;

  it("never follow the Host header (in-process)", async () => {
    const member = await h.user();
    const res = await h.app.request("http://evil.example/api/payments/checkout/session/", {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json", host: "evil.example" },
      body: JSON.stringify({ package_id: "pro" }),
    });
    expect(res.status).toBe(200);
    const { session_id } = (await res.json()) as { session_id: string };
    expect(successUrlOf(session_id)).toBe(
      `http://localhost:${h.settings.PORT}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    );
    const crafted = await h.app.request("http://evil.example/api/payments/checkout/session/", {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json", host: "evil.example" },
      body: JSON.stringify({ package_id: "pro", origin_url: "http://evil.example" }),
    });
    expect(crafted.status).toBe(400);
  });

  it("never follow a crafted Host header sent to the node server", async () => {
    const member = await h.user();
    const server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const body = JSON.stringify({ package_id: "pro" });
      const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: "127.0.0.1",
            port,
            method: "POST",
            path: "/api/payments/checkout/session/",
            headers: {
              host: "attacker.example",
              authorization: `Bearer ${member.token}`,
              "content-type": "application/json",
              "content-length": Buffer.byteLength(body),
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", reject);
        req.end(body);
      });
      expect(answer.status).toBe(200);
      const { session_id } = JSON.parse(answer.text) as { session_id: string };
      const url = new URL(successUrlOf(session_id) ?? "");
      expect(url.origin).toBe(`http://localhost:${h.settings.PORT}`);
      expect(h.stripe.sessions.get(session_id)?.cancel_url).toBe(`http://localhost:${h.settings.PORT}/pricing`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("go back to the loopback origin the page was opened on, or to PUBLIC_URL", async () => {
    const member = await h.user();
    const loopback = `http://127.0.0.1:${h.settings.PORT}`;
    const res = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "pro", origin_url: `${loopback}/pricing` },
    });
    expect(res.status).toBe(200);
    expect(successUrlOf(res.body.session_id)).toMatch(new RegExp(`^${loopback}/payment-success`));
    const otherPort = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "pro", origin_url: `http://localhost:${h.settings.PORT + 1}` },
    });
    expect(otherPort.status).toBe(400);

    const { createApp } = await import("../app");
    const app = createApp({
      db: h.db,
      settings: { ...h.settings, PUBLIC_URL: "https://aitools.example.com/" },
      stripe: new Stripe(h.stripe.secretKey, { host: "127.0.0.1", port: h.stripe.port, protocol: "http" }),
    });
    const viaPublic = await app.request("http://localhost/api/payments/checkout/session/", {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ package_id: "pro" }),
    });
    const { session_id } = (await viaPublic.json()) as { session_id: string };
    expect(successUrlOf(session_id)).toBe(
      "https://aitools.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("need PUBLIC_URL in production: loadSettings refuses to start without it", () => {
    const env = { NODE_ENV: "production", JWT_SECRET: "p".repeat(40) } as NodeJS.ProcessEnv;
    expect(() => loadSettings(env)).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadSettings({ ...env, PUBLIC_URL: "javascript:alert(1)" })).toThrow(/PUBLIC_URL/);
    expect(loadSettings({ ...env, PUBLIC_URL: "https://aitools.example.com" }).PUBLIC_URL).toBe(
      "https://aitools.example.com",
    );
  });
});

describe("cancelling Pro", () => {
  it("removes Pro and unfeatures the member's tool", async () => {
    const pro = await h.user({ pro: true });
    const tool = (await h.call("POST", "/api/tools/", { token: pro.token, body: { name: `Featured ${Date.now()}` } }))
      .body;
    await h.call("PUT", `/api/tools/${tool.id}`, { token: pro.token, body: { is_featured: true } });
    const res = await h.call("POST", "/api/payments/cancel-subscription", { token: pro.token });
    expect(res.status).toBe(200);
    expect(await statusOf(pro.token)).toBe("free");
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body.is_featured).toBe(false);
    expect((await h.call("POST", "/api/payments/cancel-subscription", { token: pro.token })).status).toBe(409);
    expect((await h.call("POST", "/api/payments/cancel-subscription")).status).toBe(401);
  });
});

describe("featuring that ends", () => {
  const DAY = 24 * 60 * 60 * 1000;

  it("buys FEATURE_DAYS of Pro; the feature and Pro end by themselves, and a new purchase renews", async () => {
    const member = await h.user();
    const bought = Date.now();
    const { session_id } = await checkout(member.token);
    await h.stripe.pay(session_id, { sendWebhook: false });
    await h.call("GET", `/api/payments/checkout/status/${session_id}`, { token: member.token });
    const me = (await h.call("GET", "/api/auth/me", { token: member.token })).body;
    expect(me.user_metadata.subscription_status).toBe("pro");
    const until = Date.parse(me.pro_until);
    expect(until - bought).toBeGreaterThan(h.settings.FEATURE_DAYS * DAY - 60_000);
    expect(until - bought).toBeLessThan(h.settings.FEATURE_DAYS * DAY + 60_000);

    const tool = (await h.call("POST", "/api/tools/", { token: member.token, body: { name: `Period ${Date.now()}` } }))
      .body;
    const featured = await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { is_featured: true } });
    expect(featured.body).toMatchObject({ is_featured: true, featured_until: me.pro_until });
    // Feature and Unfeature keep working within the period.
    await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { is_featured: false } });
    await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { is_featured: true } });

    const ended: string[] = [];
    const periods = new FeaturePeriods(h.db, (reason) => ended.push(reason));
    expect(await periods.run(new Date(until - 60_000))).toEqual([]);
    const unfeatured = await periods.run(new Date(until + 1000));
    expect(unfeatured.map((t) => t.id)).toEqual([tool.id]);
    expect(ended).toEqual([`feature ended: ${tool.slug}`]);
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body).toMatchObject({
      is_featured: false,
      featured_until: null,
    });
    expect(await statusOf(member.token)).toBe("free");
    expect(
      (await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { is_featured: true } })).status,
    ).toBe(403);

    // Renewed by a new purchase.
    const renewal = await checkout(member.token);
    await h.stripe.pay(renewal.session_id, { sendWebhook: false });
    await h.call("GET", `/api/payments/checkout/status/${renewal.session_id}`, { token: member.token });
    expect(await statusOf(member.token)).toBe("pro");
  });

  it("lets an admin set or clear a tool's end date", async () => {
    const admin = await h.user({ role: "admin" });
    const tool = (
      await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: `Admin Period ${Date.now()}` } })
    ).body;
    const at = new Date(Date.now() + 5 * DAY);
    const set = await h.call("PUT", `/api/admin/tools/${tool.id}`, {
      token: admin.token,
      body: { is_featured: true, featured_until: at.toISOString().replace("Z", "+00:00") },
    });
    expect(set.body.detail ?? "").toBe("");
    expect(set.status).toBe(200);
    expect(set.body.featured_until).toBe(at.toISOString());
    const bad = await h.call("PUT", `/api/admin/tools/${tool.id}`, {
      token: admin.token,
      body: { featured_until: "soon" },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/featured_until/);

    const periods = new FeaturePeriods(h.db, () => {});
    const cleared = await h.call("PUT", `/api/admin/tools/${tool.id}`, {
      token: admin.token,
      body: { featured_until: null },
    });
    expect(cleared.body).toMatchObject({ is_featured: true, featured_until: null });
    expect(await periods.run(new Date(at.getTime() + DAY))).toEqual([]);
    await h.call("PUT", `/api/admin/tools/${tool.id}`, {
      token: admin.token,
      body: { featured_until: at.toISOString() },
    });
    expect((await periods.run(new Date(at.getTime() + 1000))).map((t) => t.id)).toEqual([tool.id]);
  });
});

describe("without a payment provider", () => {
  it("answers checkout with 503 and a clear detail", async () => {
    const { createApp } = await import("../app");
    const app = createApp({ db: h.db, settings: h.settings, stripe: null });
    const member = await h.user();
    const res = await app.request("http://localhost/api/payments/checkout/session/", {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ package_id: "pro" }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/not configured/);
  });
});
