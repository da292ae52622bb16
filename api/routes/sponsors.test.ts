import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSponsors } from "../../db/queries/sponsors";
import { createTool } from "../../db/queries/tools";
import { SponsorWeeks } from "../../jobs/sponsor-weeks";
import { nextWeek, weekOf } from "../../lib/sponsors";
import type { RecordChange } from "../../rebuild/change";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
let admin: { id: number; token: string };
const thisWeek = weekOf(new Date());
const week2 = nextWeek(thisWeek);
const week3 = nextWeek(week2);

beforeAll(async () => {
  h = await createHarness();
  admin = await h.user({ role: "admin" });
});
afterAll(async () => h.close());

const banner = { title: "Acme Writer", text: "Write faster with Acme", url: "https://acme.example/" };

async function placement(body: Record<string, unknown> = {}) {
  const res = await h.call("POST", "/api/admin/sponsor-placements", {
    token: admin.token,
    body: { kind: "search_top", name: "Search top", weekly_price_cents: 2500, capacity: 1, ...body },
  });
  if (res.status !== 201) {
    // One placement per kind: a test after the first reuses it under a fresh name.
    const list = await h.call("GET", "/api/admin/sponsor-placements", { token: admin.token });
    return list.body.find((p: { kind: string }) => p.kind === body.kind) as { id: number };
  }
  return res.body as { id: number; weekly_price_cents: number };
}

const book = (token: string, body: Record<string, unknown>) =>
  h.call("POST", "/api/sponsors/bookings", { token, body });

const bookingRow = async (id: number) =>
  (await h.db.$client.execute({ sql: "SELECT * FROM sponsor_bookings WHERE id = ?", args: [id] })).rows[0];
const paymentOf = async (sessionId: string) =>
  (await h.db.$client.execute({ sql: "SELECT * FROM payments WHERE session_id = ?", args: [sessionId] })).rows;

describe("sponsor placements", () => {
  it("are defined by admins only, with a category for a category's top and never twice", async () => {
    const member = await h.user();
    const body = { kind: "home_top", name: "Home top", weekly_price_cents: 5000, capacity: 2 };
    expect((await h.call("POST", "/api/admin/sponsor-placements", { body })).status).toBe(401);
    expect((await h.call("POST", "/api/admin/sponsor-placements", { token: member.token, body })).status).toBe(403);
    const created = await h.call("POST", "/api/admin/sponsor-placements", { token: admin.token, body });
    expect(created.status).toBe(201);
    const twice = await h.call("POST", "/api/admin/sponsor-placements", { token: admin.token, body });
    expect(twice.status).toBe(409);
    const noCategory = await h.call("POST", "/api/admin/sponsor-placements", {
      token: admin.token,
      body: { ...body, kind: "category_top" },
    });
    expect(noCategory.status).toBe(422);
    expect(noCategory.body.detail).toMatch(/category_id/);
    const calendar = await h.call("GET", "/api/sponsors/calendar");
    const home = calendar.body.find((p: { kind: string }) => p.kind === "home_top");
    expect(home.weeks[0]).toEqual({ week: thisWeek, taken: 0, waiting: 0, free: 2 });
    expect(home.weeks).toHaveLength(12);
  });
});

describe("booking sponsor weeks", () => {
  it("refuses bad input with a 4xx and a detail", async () => {
    const member = await h.user();
    const p = await placement({ kind: "newsletter", name: "Newsletter" });
    const lastWeek = weekOf(new Date(Date.now() - 7 * 86_400_000));
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ weeks: [lastWeek], banner }, 422, /past/],
      [{ weeks: ["2031-01-01"], banner }, 422, /Monday/],
      [{ weeks: [week2, week2], banner }, 422, /twice/],
      [{ weeks: [week2], banner: { ...banner, url: "javascript:alert(1)" } }, 422, /http\(s\)/],
      [{ weeks: [week2], banner: { ...banner, image_url: "https://evil.example/x.png" } }, 422, /image/],
      [{ weeks: [week2] }, 422, /tool_id or banner/],
      [{ weeks: [week2], banner, placement_id: 999_999 }, 404, /Placement/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await book(member.token, { placement_id: p.id, ...body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await book("", { placement_id: p.id, weeks: [week2], banner })).status).toBe(401);
  });

  it("asks an unconfirmed account to confirm its address before it holds a week or uploads a banner", async () => {
    const throwaway = await h.user({ verified: false });
    const p = await placement({ kind: "newsletter", name: "Newsletter" });
    const held = await book(throwaway.token, { placement_id: p.id, weeks: [week2], banner });
    expect(held.status).toBe(403);
    expect(held.body.detail).toMatch(/confirm your email address before booking a sponsored placement/);
    const form = new FormData();
    form.set("file", new File([new Uint8Array(8)], "banner.png", { type: "image/png" }));
    const upload = await h.app.request("http://localhost/api/sponsors/images", {
      method: "POST",
      headers: { authorization: `Bearer ${throwaway.token}` },
      body: form,
    });
    expect(upload.status).toBe(403);
    const rows = await h.db.$client.execute({
      sql: "SELECT count(*) AS n FROM sponsor_bookings WHERE user_id = ?",
      args: [throwaway.id],
    });
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });

  it("refuses an upload that is not an image", async () => {
    const member = await h.user();
    const form = new FormData();
    form.set("file", new File(["<?php echo 1; ?>"], "banner.png"));
    const res = await h.app.request("http://localhost/api/sponsors/images", {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { detail: string }).detail).toBeTruthy();
  });

  it("lets exactly one of 20 buyers racing for one week of a full placement have it; the others get 409", async () => {
    const p = await placement({ kind: "search_top", name: "Search top" });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    const other = await h.otherProcess();
    const results = await Promise.all(
      buyers.map((b, i) =>
        i % 2
          ? book(b.token, { placement_id: p.id, weeks: [week3], banner })
          : other.request("POST", "/api/sponsors/bookings", b.token, { placement_id: p.id, weeks: [week3], banner }),
      ),
    );
    other.close();
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual(Array(19).fill(409));
    for (const r of refused) expect(r.body.detail).toMatch(/taken/);
  });

  it("holds a member's weeks for one checkout at a time", async () => {
    const member = await h.user();
    const p = await placement({ kind: "home_top" });
    const first = await book(member.token, { placement_id: p.id, weeks: [week2], banner });
    expect(first.status).toBe(200);
    const second = await book(member.token, { placement_id: p.id, weeks: [week3], banner });
    expect(second.status).toBe(409);
    expect(second.body.detail).toMatch(/checkout in progress/);
  });

  it("books only the member's own published tool", async () => {
    const owner = await h.user();
    const stranger = await h.user();
    const tool = await createTool(h.db, { name: "Owned Tool", website_url: "https://owned.example/" }, owner.id);
    const p = await placement({ kind: "tool_sidebar", name: "Tool sidebar" });
    const res = await book(stranger.token, { placement_id: p.id, weeks: [week2], tool_id: tool.id });
    expect(res.status).toBe(404);
  });
});

describe("a tool's sponsor week", () => {
  it("leads to the address the admin approved, whatever the tool's website becomes", async () => {
    const owner = await h.user();
    const tool = await createTool(
      h.db,
      {
        name: "Approved Link",
        website_url: "https://approved.example/",
        description: "**Approved Link** writes *fast*.",
      },
      owner.id,
    );
    const p = await placement({ kind: "tool_sidebar", name: "Tool sidebar" });
    const booked = await book(owner.token, { placement_id: p.id, weeks: [thisWeek], tool_id: tool.id });
    expect(booked.status).toBe(200);
    const session = await h.stripe.pay(booked.body.session_id, { sendWebhook: false });
    expect((await h.completeCheckout(session)).status).toBe(200);
    const [id] = booked.body.booking_ids as number[];
    expect((await h.call("POST", `/api/admin/sponsor-bookings/${id}/approve`, { token: admin.token })).status).toBe(
      200,
    );
    await new SponsorWeeks(
      h.db,
      () => {},
      () => new Date(),
    ).run();
    // The owner points the listing elsewhere after the approval.
    await h.db.$client.execute({
      sql: "UPDATE tools SET website_url = 'https://elsewhere.example/' WHERE id = ?",
      args: [tool.id],
    });
    const click = await h.call("GET", `/api/sponsors/${id}/click`);
    expect(click.headers.get("location")).toBe("https://approved.example/");
    const [live] = await liveSponsors(h.db, "tool_sidebar");
    // Its description shows as plain words, as on a card, never as Markdown.
    expect(live).toMatchObject({ id, url: "https://approved.example/", body: "Approved Link writes fast." });
  });
});

describe("a sponsor week from payment to the page", () => {
  it("is paid once however often its webhook arrives, approved, live in its week and gone after", async () => {
    const buyer = await h.user();
    const category = await h.call("POST", "/api/admin/categories/", {
      token: admin.token,
      body: { name: "Sponsored Writing", slug: "sponsored-writing" },
    });
    const p = await placement({ kind: "category_top", category_id: category.body.id, name: "Writing top" });
    const booked = await book(buyer.token, { placement_id: p.id, weeks: [thisWeek], banner });
    expect(booked.status).toBe(200);
    const session = await h.stripe.pay(booked.body.session_id, { sendWebhook: false });
    const eventId = "evt_sponsor_once";
    for (const res of await Promise.all([
      h.completeCheckout(session, { eventId }),
      h.completeCheckout(session, { eventId }),
      h.completeCheckout(session),
    ]))
      expect(res.status).toBe(200);
    const poll = await h.call("GET", `/api/sponsors/checkout/${booked.body.session_id}`, { token: buyer.token });
    expect(poll.body.payment_status).toBe("paid");
    expect(await paymentOf(booked.body.session_id)).toHaveLength(1);
    const [id] = booked.body.booking_ids as number[];
    expect((await bookingRow(id as number))?.status).toBe("pending");
    const calendar = await h.call("GET", "/api/sponsors/calendar");
    const writing = calendar.body.find((c: { id: number }) => c.id === p.id);
    expect(writing.weeks[0]).toMatchObject({ waiting: 1, free: 0 });

    const member = await h.user();
    expect((await h.call("POST", `/api/admin/sponsor-bookings/${id}/approve`, { token: member.token })).status).toBe(
      403,
    );
    expect((await h.call("POST", `/api/admin/sponsor-bookings/${id}/approve`, { token: admin.token })).status).toBe(
      200,
    );

    let now = new Date();
    const reported: RecordChange[][] = [];
    const job = new SponsorWeeks(
      h.db,
      (_reason, records) => reported.push(records),
      () => now,
    );
    await job.run();
    expect(reported).toEqual([[{ kind: "sponsors", placement: "category_top", category_id: category.body.id }]]);
    const live = await liveSponsors(h.db, "category_top", category.body.id);
    expect(live.map((s) => s.title)).toEqual(["Acme Writer"]);
    expect(await liveSponsors(h.db, "home_top")).toEqual([]);

    // Seen and clicked: counted for the buyer and the admin.
    expect((await h.call("POST", `/api/sponsors/${id}/impression`)).status).toBe(204);
    const click = await h.call("GET", `/api/sponsors/${id}/click`);
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://acme.example/");
    // Again from the same address within the minute: still shown and followed, not counted again.
    expect((await h.call("POST", `/api/sponsors/${id}/impression`)).status).toBe(204);
    expect((await h.call("GET", `/api/sponsors/${id}/click`)).headers.get("location")).toBe("https://acme.example/");
    // A beacon from another site is refused.
    const crossSite = await h.call("POST", `/api/sponsors/${id}/impression`, {
      headers: { "sec-fetch-site": "cross-site", origin: "https://elsewhere.example" },
      address: "203.0.113.50",
    });
    expect(crossSite.status).toBe(403);
    const mine = await h.call("GET", "/api/sponsors/bookings", { token: buyer.token });
    expect(mine.body[0]).toMatchObject({ id, status: "approved", impressions: 1, clicks: 1, live: true });
    const all = await h.call("GET", "/api/admin/sponsor-bookings", { token: admin.token });
    expect(all.body.find((b: { id: number }) => b.id === id)).toMatchObject({ impressions: 1, clicks: 1 });

    // A second pass in the same week changes nothing; the next week takes it down.
    await job.run();
    expect(reported).toHaveLength(1);
    now = new Date(Date.parse(`${week2}T00:00:00Z`));
    await job.run();
    expect(reported).toHaveLength(2);
    expect(await liveSponsors(h.db, "category_top", category.body.id)).toEqual([]);
    expect((await h.call("GET", `/api/sponsors/${id}/click`)).status).toBe(404);
  });

  it("is refunded through Stripe when the admin rejects it, and its week is free again", async () => {
    const buyer = await h.user();
    const p = await placement({ kind: "newsletter", name: "Newsletter" });
    const booked = await book(buyer.token, { placement_id: p.id, weeks: [week3], banner });
    const session = await h.stripe.pay(booked.body.session_id, { sendWebhook: false });
    await h.completeCheckout(session);
    const [id] = booked.body.booking_ids as number[];
    const noReason = await h.call("POST", `/api/admin/sponsor-bookings/${id}/reject`, { token: admin.token, body: {} });
    expect(noReason.status).toBe(422);
    const rejected = await h.call("POST", `/api/admin/sponsor-bookings/${id}/reject`, {
      token: admin.token,
      body: { reason: "Not a fit for our readers" },
    });
    expect(rejected.body).toMatchObject({ status: "refunded", refunded_cents: 2500 });
    const refunds = [...h.stripe.refunds.values()].filter((r) => r.payment_intent === session?.payment_intent);
    expect(refunds.map((r) => r.amount)).toEqual([2500]);
    expect((await paymentOf(booked.body.session_id))[0]?.refunded_cents).toBe(2500);
    expect(
      (await h.call("POST", `/api/admin/sponsor-bookings/${id}/reject`, { token: admin.token, body: { reason: "x" } }))
        .status,
    ).toBe(409);
    const again = await book((await h.user()).token, { placement_id: p.id, weeks: [week3], banner });
    expect(again.status).toBe(200);
  });

  it("refunds a payment that arrives after its lapsed hold was taken by another buyer", async () => {
    const late = await h.user();
    const prompt = await h.user();
    const p = await placement({ kind: "tool_sidebar", name: "Tool sidebar" });
    const week4 = nextWeek(week3);
    const first = await book(late.token, { placement_id: p.id, weeks: [week4], banner });
    // The first buyer's checkout lapses (as its expiry passes) before they pay.
    await h.db.$client.execute({
      sql: "UPDATE sponsor_bookings SET hold_until = '2000-01-01T00:00:00.000Z' WHERE session_id = ?",
      args: [first.body.session_id],
    });
    expect((await book(prompt.token, { placement_id: p.id, weeks: [week4], banner })).status).toBe(200);
    const session = await h.stripe.pay(first.body.session_id, { sendWebhook: false });
    await h.completeCheckout(session);
    const [id] = first.body.booking_ids as number[];
    expect((await bookingRow(id as number))?.status).toBe("refunded");
    const refunds = [...h.stripe.refunds.values()].filter((r) => r.payment_intent === session?.payment_intent);
    expect(refunds.map((r) => r.amount)).toEqual([2500]);
    const seats = await h.db.$client.execute({
      sql: "SELECT count(*) AS n FROM sponsor_bookings WHERE placement_id = ? AND week_start = ? AND seat IS NOT NULL",
      args: [p.id, week4],
    });
    expect(Number(seats.rows[0]?.n)).toBe(1);
  });
});
