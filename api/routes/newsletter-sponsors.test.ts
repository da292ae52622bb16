import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteOrigins } from "../../config/settings";
import { Newsletter } from "../../jobs/newsletter";
import { weekOf } from "../../lib/sponsors";
import { createHarness, type Harness } from "../testing/harness";
import { startInbox } from "../testing/inbox";

let h: Harness;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let admin: { token: string };
beforeAll(async () => {
  h = await createHarness();
  inbox = await startInbox(h);
  admin = await h.user({ role: "admin" });
  for (const email of ["sponsor-a@example.com", "sponsor-b@example.com"])
    await h.db.$client.execute({
      sql: "INSERT INTO newsletter_subscribers (email, status) VALUES (?, 'confirmed')",
      args: [email],
    });
});
afterAll(async () => {
  await inbox.close();
  await h.close();
});

const image = `/media/${"a".repeat(32)}-96.webp`;
const siteUrl = () => siteOrigins(h.settings)[0];
let sponsorId = 0;

/** An approved, paid newsletter booking of this week, as a buyer and the admin leave it. */
async function approvedNewsletterBooking(): Promise<number> {
  const placement = await h.call("POST", "/api/admin/sponsor-placements", {
    token: admin.token,
    body: { kind: "newsletter", name: "Newsletter", weekly_price_cents: 4000, capacity: 1 },
  });
  expect(placement.status).toBe(201);
  const buyer = await h.user();
  const booked = await h.call("POST", "/api/sponsors/bookings", {
    token: buyer.token,
    body: {
      placement_id: placement.body.id,
      weeks: [weekOf(new Date())],
      banner: {
        title: "Acme Letters",
        text: "Mail that writes itself",
        url: "https://acme.example/",
        image_url: image,
      },
    },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  await h.stripe.pay(booked.body.session_id);
  const poll = await h.call("GET", `/api/sponsors/checkout/${booked.body.session_id}`, { token: buyer.token });
  expect(poll.body.payment_status).toBe("paid");
  const [id] = booked.body.booking_ids as number[];
  const approved = await h.call("POST", `/api/admin/sponsor-bookings/${id}/approve`, { token: admin.token });
  expect(approved.status).toBe(200);
  return id as number;
}

/** Composes the issue of `now`'s week, starts it on the job's clock (scheduled at `now`) and delivers it. */
async function sendIssue(now: Date) {
  const newsletter = new Newsletter(h.db, h.settings, () => {});
  await newsletter.run(now);
  const { issues } = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body;
  const issue = issues.find((i: { status: string }) => i.status === "draft");
  const scheduled = await h.call("PUT", `/api/admin/newsletter/issues/${issue.id}`, {
    token: admin.token,
    body: { scheduled_at: now.toISOString() },
  });
  expect(scheduled.status).toBe(200);
  await newsletter.run(now);
  const digests = (await inbox.deliver()).filter((m: ParsedMail) => m.subject === issue.subject);
  const sent = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body.issues.find(
    (i: { id: number }) => i.id === issue.id,
  );
  return { digests, issue: sent };
}

const impressionsOf = async (id: number) =>
  Number(
    (await h.db.$client.execute({ sql: "SELECT impressions FROM sponsor_bookings WHERE id = ?", args: [id] })).rows[0]
      ?.impressions,
  );

describe("the newsletter sponsor", () => {
  it("is in the digest of its week, labelled and linked through the counted click, one impression per copy", async () => {
    const id = await approvedNewsletterBooking();
    sponsorId = id;
    // Wednesday noon of the booked week, on the job's clock (before the sponsor-weeks job made it live).
    const now = new Date(Date.parse(`${weekOf(new Date())}T12:00:00Z`) + 2 * 86_400_000);
    // The admin's preview of the draft shows the sponsor the issue would carry.
    await new Newsletter(h.db, h.settings, () => {}).run(now);
    const { issues } = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body;
    const draft = issues.find((i: { status: string }) => i.status === "draft");
    const preview = await h.call("GET", `/api/admin/newsletter/issues/${draft.id}/preview`, { token: admin.token });
    expect(preview.body.text).toContain("Sponsored: Acme Letters");

    const { digests, issue } = await sendIssue(now);
    expect(digests).toHaveLength(2);
    const click = `${siteUrl()}/api/sponsors/${id}/click`;
    for (const mail of digests) {
      expect(mail.text).toContain(`Sponsored: Acme Letters — Mail that writes itself\n  ${click}`);
      expect(mail.html).toContain("Sponsored");
      expect(mail.html).toMatch(
        new RegExp(
          `<a [^>]*href="${click.replace(/[.?/]/g, "\\$&")}"[^>]*rel="sponsored noopener"[^>]*>Acme Letters</a>`,
        ),
      );
      expect(mail.html).toContain(`<img alt="" height="48" src="${siteUrl()}${image}"`);
    }
    expect(await impressionsOf(id)).toBe(2);
    // The archive page is drawn from the issue as sent: it keeps the sponsor it carried.
    expect(issue.content.sponsors).toEqual([
      { id, title: "Acme Letters", body: "Mail that writes itself", image_url: image },
    ]);
    const followed = await h.call("GET", new URL(click).pathname);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("https://acme.example/");
  });

  it("is not in a digest of a week with no newsletter sponsor", async () => {
    const { digests, issue } = await sendIssue(new Date("2031-03-05T12:00:00Z"));
    expect(digests).toHaveLength(2);
    for (const mail of digests) {
      expect(mail.text).not.toContain("Sponsored");
      expect(mail.html).not.toContain("Sponsored");
      expect(mail.html).not.toContain("/api/sponsors/");
    }
    expect(issue.content.sponsors).toEqual([]);
    expect(await impressionsOf(sponsorId)).toBe(2);
  });
});
