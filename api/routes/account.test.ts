import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTool } from "../../db/queries/tools";
import { findUser } from "../../db/queries/users";
import { createHarness, type Harness } from "../testing/harness";
import { startInbox } from "../testing/inbox";

let h: Harness;
let inbox: Awaited<ReturnType<typeof startInbox>>;
beforeAll(async () => {
  h = await createHarness();
  inbox = await startInbox(h);
});
afterAll(async () => {
  await inbox.close();
  await h.close();
});

const count = async (sql: string, ...args: (string | number)[]) =>
  Number((await h.db.$client.execute({ sql, args })).rows[0]?.n);

/** A member with a tool, a review and a save of another member's tool, and a payment. */
async function memberWithData() {
  const member = await h.user({ password: "member-password-1", pro: true });
  const own = await createTool(h.db, { name: `Own Tool ${member.id}` }, member.id);
  await h.db.$client.execute({
    sql: "UPDATE tools SET is_featured = 1, owner_featured = 1 WHERE id = ?",
    args: [own.id],
  });
  const other = await createTool(h.db, { name: `Other Tool ${member.id}` }, null);
  const reviewer = await h.user();
  expect(
    (await h.call("POST", `/api/reviews/tool/${other.id}`, { token: reviewer.token, body: { rating: 2 } })).status,
  ).toBe(201);
  expect(
    (
      await h.call("POST", `/api/reviews/tool/${other.id}`, {
        token: member.token,
        body: { rating: 5, comment: "Great" },
      })
    ).status,
  ).toBe(201);
  expect((await h.call("POST", `/api/tools/${other.id}/save`, { token: member.token })).status).toBe(200);
  await h.db.$client.execute({
    sql: "INSERT INTO payments (session_id, user_id, package_id, amount_cents) VALUES (?, ?, 'pro', 999)",
    args: [`cs_${member.id}`, member.id],
  });
  return { member, own, other };
}

describe("account export", () => {
  it("downloads the account, tools, reviews, saves, payments and subscriptions, never the password hash", async () => {
    const { member, own, other } = await memberWithData();
    const res = await h.call("GET", "/api/auth/me/export", { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(res.body.account).toEqual(expect.objectContaining({ id: member.id, email: member.email }));
    expect(res.body.tools.map((t: { id: number }) => t.id)).toEqual([own.id]);
    expect(res.body.reviews).toEqual([expect.objectContaining({ tool_slug: other.slug, rating: 5, comment: "Great" })]);
    expect(res.body.saves).toEqual([expect.objectContaining({ tool_slug: other.slug })]);
    expect(res.body.payments).toEqual([expect.objectContaining({ package_id: "pro", amount_cents: 999 })]);
    expect(res.body.subscriptions).toEqual({ newsletter: null, unsubscribed_lists: [], opted_in_lists: [] });
    expect(JSON.stringify(res.body)).not.toContain("password");
    expect((await h.call("GET", "/api/auth/me/export")).status).toBe(401);
  });
});

describe("account deletion", () => {
  it("needs the password and an explicit choice for the tools", async () => {
    const { member } = await memberWithData();
    const wrong = await h.call("DELETE", "/api/auth/me", {
      token: member.token,
      body: { password: "not-the-password", tools: "keep" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe("Password is incorrect");
    const noChoice = await h.call("DELETE", "/api/auth/me", {
      token: member.token,
      body: { password: "member-password-1" },
    });
    expect(noChoice.status).toBe(422);
    expect(noChoice.body.detail).toMatch(/tools/);
    expect(await findUser(h.db, member.id)).toBeTruthy();
  });

  it("keeps the tools without an owner when asked: reviews and saves gone, figures recounted, tokens dead, a mail sent", async () => {
    const { member, own, other } = await memberWithData();
    h.changes.length = 0;
    const res = await h.call("DELETE", "/api/auth/me", {
      token: member.token,
      body: { password: "member-password-1", tools: "keep" },
    });
    expect(res.status).toBe(200);
    expect(await findUser(h.db, member.id)).toBeUndefined();
    const kept = (await h.db.$client.execute({ sql: "SELECT * FROM tools WHERE id = ?", args: [own.id] })).rows[0];
    expect(kept).toEqual(expect.objectContaining({ submitted_by: null, is_featured: 0 }));
    const after = (await h.call("GET", `/api/tools/slug/${other.slug}`)).body;
    expect(after).toEqual(expect.objectContaining({ avg_rating: 2, review_count: 1, saves_count: 0 }));
    expect(await count("SELECT count(*) AS n FROM reviews WHERE comment = 'Great' AND tool_id = ?", other.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM payments WHERE user_id = ?", member.id)).toBe(0);
    // The pages that showed the member's tool and review are rebuilt.
    expect(h.changes).toEqual([`account deleted: ${member.id}`]);
    // Every token is dead: the account is gone.
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).status).toBe(401);
    const mails = await inbox.deliver();
    const mail = mails.find((m) => m.to && "text" in m.to && m.to.text === member.email);
    expect(mail?.subject).toBe("Your account was deleted");
    expect(mail?.text).toContain("stay listed without an owner");
  });

  it("deletes the tools when asked", async () => {
    const { member, own } = await memberWithData();
    const res = await h.call("DELETE", "/api/auth/me", {
      token: member.token,
      body: { password: "member-password-1", tools: "delete" },
    });
    expect(res.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM tools WHERE id = ?", own.id)).toBe(0);
    expect((await h.call("GET", `/api/tools/slug/${own.slug}`)).status).toBe(404);
    const mails = await inbox.deliver();
    expect(mails.find((m) => m.subject === "Your account was deleted")?.text).toContain("were deleted too");
  });

  it("refuses to delete the last admin", async () => {
    const fresh = await createHarness();
    try {
      const admin = await fresh.user({ role: "admin", password: "admin-password-1" });
      const body = { password: "admin-password-1", tools: "keep" };
      const res = await fresh.call("DELETE", "/api/auth/me", { token: admin.token, body });
      expect(res.status).toBe(409);
      expect(res.body.detail).toMatch(/last admin/);
      await fresh.user({ role: "admin" });
      expect((await fresh.call("DELETE", "/api/auth/me", { token: admin.token, body })).status).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe("notification switches", () => {
  it("are on by default for members, off for admins' lists, and a member cannot switch admin mail", async () => {
    const member = await h.user();
    const mine = await h.call("GET", "/api/auth/me/notifications", { token: member.token });
    expect(mine.body).toEqual({
      submission_decided: true,
      edit_decided: true,
      claim_verified: true,
      report_resolved: true,
      featuring_ending: true,
      payment_receipt: true,
    });
    const off = await h.call("PUT", "/api/auth/me/notifications", {
      token: member.token,
      body: { claim_verified: false },
    });
    expect(off.body.claim_verified).toBe(false);
    const refused = await h.call("PUT", "/api/auth/me/notifications", {
      token: member.token,
      body: { admin_daily_summary: true },
    });
    expect(refused.status).toBe(403);
    expect(
      (await h.call("PUT", "/api/auth/me/notifications", { token: member.token, body: { nope: true } })).status,
    ).toBe(422);
    const admin = await h.user({ role: "admin" });
    const theirs = await h.call("PUT", "/api/auth/me/notifications", {
      token: admin.token,
      body: { admin_new_reports: true },
    });
    expect(theirs.body).toEqual(expect.objectContaining({ admin_new_reports: true, admin_new_submissions: false }));
  });
});
