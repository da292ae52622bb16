import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alertNewSubmissions, dailySummary } from "../../db/queries/admin-alerts";
import { createTool } from "../../db/queries/tools";
import { FeaturePeriods } from "../../jobs/feature-periods";
import { dailySummaryMail, newSubmissionsMail } from "../../mail/events";
import { createHarness, type Harness } from "../testing/harness";
import { startInbox } from "../testing/inbox";

let h: Harness;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let admin: { id: number; token: string; email: string };
let site: Server;
let sitePage = "";
let origin = "";

beforeAll(async () => {
  site = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(sitePage));
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  h = await createHarness({ FETCH_ALLOW_LOOPBACK: "true" });
  inbox = await startInbox(h);
  admin = await h.user({ role: "admin" });
});
afterAll(async () => {
  await inbox.close();
  await h.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
const mailsTo = (mails: ParsedMail[], email: string) => mails.filter((m) => to(m) === email);

async function pendingToolOf(member: { token: string }, name: string) {
  const res = await h.call("POST", "/api/tools/", { token: member.token, body: { name, website_url: `${origin}/` } });
  expect(res.status).toBe(201);
  return res.body as { id: number; slug: string };
}

describe("notifications, delivered through SMTP", () => {
  it("tell the owner their submission was approved, or rejected with the reason; a switch turned off stops them", async () => {
    const member = await h.user();
    const first = await pendingToolOf(member, "Approvable Tool");
    const second = await pendingToolOf(member, "Rejectable Tool");
    await h.call("POST", "/api/admin/tools/approve", { token: admin.token, body: { ids: [first.id] } });
    await h.call("POST", "/api/admin/tools/reject", {
      token: admin.token,
      body: { ids: [second.id], reason: "No website content yet" },
    });
    const mails = mailsTo(await inbox.deliver(), member.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "Your tool Approvable Tool is now listed",
      "Your tool Rejectable Tool was not approved",
    ]);
    const rejected = mails.find((m) => m.subject?.includes("not approved"));
    expect(rejected?.text).toContain("Reason: No website content yet");
    // Every notification carries the one-click unsubscribe of its list (RFC 8058).
    const oneClick = rejected?.headerLines.find((l) => l.key === "list-unsubscribe-post");
    expect(oneClick?.line).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");

    await h.call("PUT", "/api/auth/me/notifications", { token: member.token, body: { submission_decided: false } });
    const third = await pendingToolOf(member, "Silent Tool");
    await h.call("POST", "/api/admin/tools/approve", { token: admin.token, body: { ids: [third.id] } });
    expect(mailsTo(await inbox.deliver(), member.email)).toEqual([]);
  });

  it("tell a member their pending edit was approved or rejected", async () => {
    const member = await h.user();
    const tool = await createTool(h.db, { name: "Edited Tool" }, member.id);
    const propose = (description: string) =>
      h.call("PUT", `/api/tools/${tool.id}`, { token: member.token, body: { description } });
    expect((await propose("A better description")).body.pending_revision).toBeTruthy();
    const [revision] = (await h.call("GET", "/api/admin/revisions", { token: admin.token })).body;
    await h.call("POST", `/api/admin/revisions/${revision.id}/reject`, {
      token: admin.token,
      body: { reason: "Reads like an advert" },
    });
    await propose("A plain description");
    const [next] = (await h.call("GET", "/api/admin/revisions", { token: admin.token })).body;
    await h.call("POST", `/api/admin/revisions/${next.id}/approve`, { token: admin.token });
    const mails = mailsTo(await inbox.deliver(), member.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Your changes to Edited Tool were not approved",
      "Your changes to Edited Tool are live",
    ]);
    expect(mails[0]?.text).toContain("Reason: Reads like an advert");
  });

  it("tell a maker their claim is verified", async () => {
    const maker = await h.user();
    const tool = await createTool(h.db, { name: "Claimed Tool", website_url: `${origin}/` }, null);
    const claim = await h.call("POST", `/api/tools/${tool.id}/claim`, { token: maker.token });
    sitePage = `<html><head>${claim.body.meta_tag}</head></html>`;
    expect((await h.call("POST", `/api/tools/${tool.id}/claim/verify`, { token: maker.token })).status).toBe(200);
    const [mail] = mailsTo(await inbox.deliver(), maker.email);
    expect(mail?.subject).toBe("You now own the listing of Claimed Tool");
  });

  it("tell the owner a report on their tool was resolved, and opted-in admins of the new report, once", async () => {
    const owner = await h.user();
    const tool = await createTool(h.db, { name: "Reported Tool" }, owner.id);
    await h.call("PUT", "/api/auth/me/notifications", { token: admin.token, body: { admin_new_reports: true } });
    await h.call("POST", `/api/tools/${tool.id}/reports`, { body: { reason: "broken_link" }, address: "203.0.113.7" });
    await h.call("POST", `/api/tools/${tool.id}/reports`, { body: { reason: "other" }, address: "198.51.100.7" });
    const reports = (
      await h.call("GET", `/api/admin/reports?filter=${encodeURIComponent(JSON.stringify({ tool_id: tool.id }))}`, {
        token: admin.token,
      })
    ).body;
    const first = reports.find((r: { reason: string }) => r.reason === "broken_link");
    await h.call("PUT", `/api/admin/reports/${first.id}`, {
      token: admin.token,
      body: { ...first, status: "resolved" },
    });
    // Resolving again mails nobody.
    await h.call("PUT", `/api/admin/reports/${first.id}`, {
      token: admin.token,
      body: { ...first, status: "resolved" },
    });
    const mails = await inbox.deliver();
    expect(mailsTo(mails, owner.email).map((m) => m.subject)).toEqual(["A report on Reported Tool was resolved"]);
    expect(mailsTo(mails, admin.email).map((m) => m.subject)).toEqual(["New report on Reported Tool"]);
  });

  it("send the Pro receipt, saying what Pro buys", async () => {
    const member = await h.user();
    const started = await h.call("POST", "/api/payments/checkout/session/", {
      token: member.token,
      body: { package_id: "pro", origin_url: "http://localhost:4321" },
    });
    await h.stripe.pay(started.body.session_id, { sendWebhook: false });
    await h.call("GET", `/api/payments/checkout/status/${started.body.session_id}`, { token: member.token });
    // A second poll of the same paid session sends no second receipt.
    await h.call("GET", `/api/payments/checkout/status/${started.body.session_id}`, { token: member.token });
    const mails = mailsTo(await inbox.deliver(), member.email);
    expect(mails.map((m) => m.subject)).toEqual(["Your Pro receipt"]);
    const text = mails[0]?.text ?? "";
    expect(text).toContain(`for ${h.settings.FEATURE_DAYS} days`);
    expect(text).toContain("buy again");
    // The date paid, the order it was paid in, the period it buys, and what cancelling gives up.
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + h.settings.FEATURE_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(text).toContain(`for Pro on ${today}. Your Pro runs until ${until}.`);
    expect(text).toContain(`Order number: ${started.body.session_id}`);
    expect(text).toContain("the days left are given up");
    const me = await h.call("GET", "/api/auth/me", { token: member.token });
    expect(String(me.body.pro_until).slice(0, 10)).toBe(until);
  });

  it("tell the owner once, 3 days before, that featuring ends, and when it has ended", async () => {
    const member = await h.user({ pro: true });
    const tool = await createTool(h.db, { name: "Featured Tool" }, member.id);
    const now = new Date();
    const until = new Date(now.getTime() + 2 * 86_400_000).toISOString();
    await h.db.$client.execute({ sql: "UPDATE users SET pro_until = ? WHERE id = ?", args: [until, member.id] });
    await h.db.$client.execute({
      sql: "UPDATE tools SET is_featured = 1, owner_featured = 1, featured_until = ? WHERE id = ?",
      args: [until, tool.id],
    });
    const periods = new FeaturePeriods(h.db, () => {}, h.settings);
    await periods.run(now);
    await periods.run(now);
    await periods.run(new Date(now.getTime() + 3 * 86_400_000));
    const mails = mailsTo(await inbox.deliver(), member.email);
    expect(mails.map((m) => m.subject)).toEqual([
      "Featuring Featured Tool ends in 3 days",
      "Featured Tool is no longer featured",
    ]);
  });

  it("tell opted-in admins of new submissions (once each) and send their daily summary once a day", async () => {
    await h.call("PUT", "/api/auth/me/notifications", {
      token: admin.token,
      body: { admin_new_submissions: true, admin_daily_summary: true },
    });
    const otherAdmin = await h.user({ role: "admin" });
    const alert = () =>
      alertNewSubmissions(h.db, (fresh, waiting, when) => [newSubmissionsMail(h.settings, fresh, waiting, when)]);
    await alert();
    await pendingToolOf(await h.user(), "Waiting Tool");
    expect(await alert()).toBe(1);
    expect(await alert()).toBe(0);
    const now = new Date();
    const summary = () => dailySummary(h.db, now, (day, f, when) => [dailySummaryMail(h.settings, day, f, when)]);
    expect(await summary()).toBe(true);
    expect(await summary()).toBe(false);
    const mails = await inbox.deliver();
    expect(mailsTo(mails, admin.email).map((m) => m.subject)).toEqual([
      "New submission waiting: Waiting Tool",
      `Daily summary for ${now.toISOString().slice(0, 10)}`,
    ]);
    expect(mailsTo(mails, otherAdmin.email)).toEqual([]);
  });
});
