import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../config/settings";
import { cancelPro, fulfilPayment } from "../../db/queries/payments";
import { FeatureRefused, updateTool } from "../../db/queries/tools";
import { findUser } from "../../db/queries/users";
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
    // The first opens a checkout; the others continue it, and count all the same.
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
    // Another member: the first still has their checkout open.
    const other = await h.user();
    const viaPublic = await app.request("http://localhost/api/payments/checkout/session/", {
      method: "POST",
      headers: { authorization: `Bearer ${other.token}`, "content-type": "application/json" },
      body: JSON.stringify({ package_id: "pro" }),
    });
    const { session_id } = (await viaPublic.json()) as { session_id: string };
    expect(successUrlOf(session_id)).toBe(
      "https://aitools.example.com/payment-success?session_id={CHECKOUT_SESSION_ID}",
    );
  });

  it("need PUBLIC_URL in production: loadSettings refuses to start without it", () => {
    const env = { NODE_ENV: "production", JWT_SECRET: "p".repeat(40), MAIL: "off" } as NodeJS.ProcessEnv;
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

describe("one checkout at a time", () => {
  const DAY = 24 * 60 * 60 * 1000;
  const provider = () => new Stripe(h.stripe.secretKey, { host: "127.0.0.1", port: h.stripe.port, protocol: "http" });
  const deliver = (session: unknown) => {
    const event = signedEvent(session);
    return h.call("POST", "/api/payments/webhook", {
      raw: event.payload,
      headers: { "content-type": "application/json", "stripe-signature": event.header },
    });
  };
  const me = async (token: string) => (await h.call("GET", "/api/auth/me", { token })).body;

  it("opens no second checkout while the first is open (the member continues the first), and a new one once it has expired", async () => {
    const member = await h.user();
    const first = await checkout(member.token);
    const sessionsBefore = h.stripe.sessions.size;
    const again = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "pro" },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ url: first.url, session_id: first.session_id });
    expect(h.stripe.sessions.size).toBe(sessionsBefore);

    // Expired at the provider: the member starts afresh, without waiting for our own expiry.
    await provider().checkout.sessions.expire(first.session_id);
    const second = await checkout(member.token);
    expect(second.session_id).not.toBe(first.session_id);
    // Its time run out (the member left the payment page): the member may start again.
    await h.db.$client.execute({
      sql: "UPDATE open_checkouts SET expires_at = '2000-01-01T00:00:00.000Z' WHERE session_id = ?",
      args: [second.session_id],
    });
    await checkout(member.token);
  });

  it("opens one session when a member starts two checkouts at once", async () => {
    const member = await h.user();
    const start = () =>
      h.call("POST", "/api/payments/checkout/session/", { token: member.token, body: { package_id: "pro" } });
    const sessionsBefore = h.stripe.sessions.size;
    const answers = await Promise.all([start(), start(), start()]);
    // One session is opened; a request that finds it being created is told to wait (409).
    expect(h.stripe.sessions.size).toBe(sessionsBefore + 1);
    const opened = answers.filter((a) => a.status === 200);
    expect(opened.length).toBeGreaterThanOrEqual(1);
    expect(new Set(opened.map((a) => a.body.session_id)).size).toBe(1);
    for (const a of answers.filter((a) => a.status !== 200)) expect(a.status).toBe(409);
  });

  it("extends Pro by the period of a second payment that still arrives, from the current end", async () => {
    const member = await h.user();
    const first = await checkout(member.token);
    // A second session opened before checkouts were one at a time, straight at the provider.
    const early = await provider().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 999, product_data: { name: "Pro" } } }],
      success_url: "http://localhost/payment-success",
      cancel_url: "http://localhost/pricing",
      metadata: { user_id: String(member.id), package_id: "pro" },
    });
    expect((await deliver(await h.stripe.pay(first.session_id, { sendWebhook: false }))).status).toBe(200);
    const firstEnd = Date.parse((await me(member.token)).pro_until);
    const tool = (await h.call("POST", "/api/tools/", { token: member.token, body: { name: `Twice ${Date.now()}` } }))
      .body;
    await h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { is_featured: true } });

    expect((await deliver(await h.stripe.pay(early.id, { sendWebhook: false }))).status).toBe(200);
    const after = await me(member.token);
    expect(after.user_metadata.subscription_status).toBe("pro");
    expect(Date.parse(after.pro_until) - firstEnd).toBe(h.settings.FEATURE_DAYS * DAY);
    // The featured tool runs as long as the Pro it was bought with.
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body.featured_until).toBe(after.pro_until);
    // A replay of either payment adds nothing.
    await deliver(h.stripe.sessions.get(early.id));
    expect((await me(member.token)).pro_until).toBe(after.pro_until);
  });
});

describe("featuring while Pro is cancelled", () => {
  /** Tools featured by their owner while the owner is not Pro, or with no end date: must be none. */
  const brokenFeatures = async () =>
    (
      await h.db.$client.execute(`SELECT t.id FROM tools t LEFT JOIN users u ON u.id = t.submitted_by
        WHERE t.is_featured = 1 AND t.owner_featured = 1
          AND NOT (u.subscription_status = 'pro' AND t.featured_until IS NOT NULL)`)
    ).rows.map((r) => Number(r.id));
  let sessions = 0;
  const grantPro = (userId: number) =>
    fulfilPayment(h.db, {
      sessionId: `cs_test_race_${++sessions}`,
      userId,
      packageId: "pro",
      amountCents: 999,
      currency: "usd",
      days: h.settings.FEATURE_DAYS,
    });

  it("leaves the tool unfeatured when the cancel lands between the feature request's read and its write", async () => {
    const member = await h.user();
    await grantPro(member.id);
    const tool = (await h.call("POST", "/api/tools/", { token: member.token, body: { name: `Raced ${Date.now()}` } }))
      .body;
    // PUT /api/tools/{id} reads the member (Pro) at its start...
    expect((await findUser(h.db, member.id))?.subscription_status).toBe("pro");
    // ...the cancellation commits...
    await cancelPro(h.db, member.id);
    // ...and then the request writes the feature: refused (the route answers 403).
    const write = await updateTool(h.db, tool.id, { is_featured: true }, { ownerFeatures: true }).catch((e) => e);
    expect((await h.call("GET", `/api/tools/${tool.id}`)).body).toMatchObject({
      is_featured: false,
      featured_until: null,
    });
    expect(await brokenFeatures()).toEqual([]);
    expect(write).toBeInstanceOf(FeatureRefused);
  });

  it("has the minute job end an owner's feature with no end date, and keep an admin's", async () => {
    const owner = await h.user();
    const admin = await h.user({ role: "admin" });
    const mine = (await h.call("POST", "/api/tools/", { token: owner.token, body: { name: `Left ${Date.now()}` } }))
      .body;
    const chosen = (
      await h.call("POST", "/api/admin/tools", { token: admin.token, body: { name: `Chosen ${Date.now()}` } })
    ).body;
    // What the race left behind before: featured by its (now free) owner, with no end.
    await h.db.$client.execute({
      sql: "UPDATE tools SET is_featured = 1, owner_featured = 1, featured_until = NULL WHERE id = ?",
      args: [mine.id],
    });
    await h.call("PUT", `/api/admin/tools/${chosen.id}`, { token: admin.token, body: { is_featured: true } });
    const ended = await new FeaturePeriods(h.db, () => {}).run();
    expect(ended.map((t) => t.id)).toContain(mine.id);
    expect(ended.map((t) => t.id)).not.toContain(chosen.id);
    expect((await h.call("GET", `/api/tools/${chosen.id}`)).body).toMatchObject({
      is_featured: true,
      featured_until: null,
    });
    expect(await brokenFeatures()).toEqual([]);
  });
});
