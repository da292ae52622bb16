import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueMail } from "../../db/queries/mail-outbox";
import { MailSender } from "../../jobs/mail-sender";
import { queueMail } from "../../mail/outbox";
import { smtpTransport, startMailCatcher } from "../../mail/transport";
import { workSettled } from "../after-response";
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

/** Everything asked for so far, delivered through the real SMTP server. */
async function delivered(): Promise<ParsedMail[]> {
  await workSettled(h.settings);
  return inbox.deliver();
}

const linkToken = (mail: ParsedMail, page: string) => {
  const match = new RegExp(`/${page}\\?token=([\\w%-]+)`).exec(mail.text ?? "");
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
};

describe("password reset", () => {
  it("mails a link that sets a new password once, signs every session out, and lasts an hour", async () => {
    const member = await h.user({ email: "Forgetful@Example.com", password: "old-password-1" });
    const asked = await h.call("POST", "/api/auth/password-reset", { body: { email: "FORGETFUL@example.com" } });
    expect(asked.status).toBe(202);
    const [mail, ...rest] = await delivered();
    expect(rest).toHaveLength(0);
    expect(mail?.to && [mail.to].flat()[0]?.text).toBe("forgetful@example.com");
    expect(mail?.subject).toMatch(/Reset your .* password/);
    expect(mail?.html).toContain("/reset-password?token=");
    expect(mail?.headerLines.some((l) => l.key === "list-unsubscribe")).toBe(false);
    const token = linkToken(mail as ParsedMail, "reset-password");

    // Only a hash of the token is stored, valid one hour.
    const row = (await h.db.$client.execute("SELECT * FROM auth_tokens WHERE purpose = 'reset'")).rows[0];
    expect(JSON.stringify(row)).not.toContain(token);
    expect(Date.parse(String(row?.expires_at)) - Date.parse(String(row?.created_at))).toBeGreaterThan(3_599_000);
    expect(Date.parse(String(row?.expires_at)) - Date.parse(String(row?.created_at))).toBeLessThanOrEqual(3_600_000);

    const short = await h.call("POST", "/api/auth/password-reset/confirm", { body: { token, password: "short" } });
    expect(short.status).toBe(422);
    const set = await h.call("POST", "/api/auth/password-reset/confirm", {
      body: { token, password: "new-password-1" },
    });
    expect(set.status).toBe(200);
    expect(set.body.detail).toMatch(/password is set/);
    // The session held before is signed out; the new password signs in, the old one not.
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).status).toBe(401);
    const signin = await h.call("POST", "/api/auth/signin", {
      body: { email: "forgetful@example.com", password: "new-password-1" },
    });
    expect(signin.status).toBe(200);
    expect(
      (await h.call("POST", "/api/auth/signin", { body: { email: member.email, password: "old-password-1" } })).status,
    ).toBe(401);
    const again = await h.call("POST", "/api/auth/password-reset/confirm", {
      body: { token, password: "third-password-1" },
    });
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/invalid or has expired/);
  });

  it("refuses a link an hour old", async () => {
    const member = await h.user({ email: "late@example.com" });
    await h.call("POST", "/api/auth/password-reset", { body: { email: member.email } });
    const token = linkToken((await delivered())[0] as ParsedMail, "reset-password");
    // The token's own clock: its expiry passes, as it does an hour after issue.
    await h.db.$client.execute({
      sql: "UPDATE auth_tokens SET expires_at = ? WHERE user_id = ?",
      args: [new Date(Date.now() - 1).toISOString(), member.id],
    });
    const late = await h.call("POST", "/api/auth/password-reset/confirm", {
      body: { token, password: "new-password-1" },
    });
    expect(late.status).toBe(400);
  });

  it("answers the same whether or not the address has an account", async () => {
    await h.user({ email: "exists@example.com" });
    const known = await h.call("POST", "/api/auth/password-reset", { body: { email: "exists@example.com" } });
    const unknown = await h.call("POST", "/api/auth/password-reset", { body: { email: "nobody@example.com" } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mails = await delivered();
    expect(mails.map((m) => [m.to].flat()[0]?.text)).toEqual(["exists@example.com"]);
  });

  it("mails one address at most 3 times an hour whoever asks, and one caller at most 20", async () => {
    await h.user({ email: "target@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await h.call("POST", "/api/auth/password-reset", {
        body: { email: "target@example.com" },
        address: `198.51.${i}.1`,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.detail).toMatch(/Too many emails/);
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    expect(await delivered()).toHaveLength(3);
    const caller: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await h.call("POST", "/api/auth/password-reset", {
        body: { email: `someone${i}@example.com` },
        address: "203.0.113.9",
      });
      caller.push(res.status);
    }
    expect(caller.filter((s) => s === 429)).toHaveLength(2);
  });

  it("answers bad input with a 4xx detail", async () => {
    for (const body of [{}, { email: "not-an-address" }, { email: "a@example.com\r\nBcc: x@example.com" }]) {
      const res = await h.call("POST", "/api/auth/password-reset", { body });
      expect(res.status).toBe(422);
      expect(typeof res.body.detail).toBe("string");
    }
    const bad = await h.call("POST", "/api/auth/password-reset/confirm", {
      body: { token: "forged", password: "long-enough-1" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("verified addresses", () => {
  it("sign-up mails a link; until it is followed the member may not submit a tool", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "New.Maker@Example.com", password: "maker-password-1" },
    });
    expect(signup.status).toBe(201);
    expect(signup.body.access_token).toBeTruthy();
    expect(signup.body.user.email_verified).toBe(false);
    const token = signup.body.access_token;
    const submit = () => h.call("POST", "/api/tools", { token, body: { name: "Verified Tool" } });
    const refused = await submit();
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/confirm your email address/);
    // Saving and browsing are open to an unverified member.
    expect((await h.call("GET", "/api/auth/me", { token })).status).toBe(200);

    const [mail] = await delivered();
    expect([mail?.to].flat()[0]?.text).toBe("new.maker@example.com");
    const link = linkToken(mail as ParsedMail, "verify-email");
    expect((await h.call("POST", "/api/auth/verify-email", { body: { token: link } })).status).toBe(200);
    expect((await h.call("GET", "/api/auth/me", { token })).body.email_verified).toBe(true);
    expect((await submit()).status).toBe(201);
    expect((await h.call("POST", "/api/auth/verify-email", { body: { token: link } })).status).toBe(400);
  });

  it("a member resends the link; an admin resends it or marks the address verified", async () => {
    const member = await h.user({ verified: false });
    const admin = await h.user({ role: "admin" });
    const resent = await h.call("POST", "/api/auth/verify-email/resend", { token: member.token });
    expect(resent.status).toBe(202);
    const byAdmin = await h.call("POST", `/api/admin/users/${member.id}/resend-verification`, { token: admin.token });
    expect(byAdmin.status).toBe(202);
    const mails = await delivered();
    expect(mails.map((m) => [m.to].flat()[0]?.text)).toEqual([member.email, member.email]);
    // The newest link wins: the first no longer works.
    const first = linkToken(mails[0] as ParsedMail, "verify-email");
    expect((await h.call("POST", "/api/auth/verify-email", { body: { token: first } })).status).toBe(400);
    expect((await h.call("POST", `/api/admin/users/${member.id}/mark-verified`, { token: member.token })).status).toBe(
      403,
    );
    const marked = await h.call("POST", `/api/admin/users/${member.id}/mark-verified`, { token: admin.token });
    expect(marked.body.email_verified).toBe(true);
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).body.email_verified).toBe(true);
  });
});

describe("changing the address", () => {
  it("mails a confirmation to the new address; the account moves only when it is followed", async () => {
    const member = await h.user({ email: "before@example.com", password: "member-password-1" });
    const wrong = await h.call("POST", "/api/auth/change-email", {
      token: member.token,
      body: { new_email: "after@example.com", current_password: "not-it-at-all" },
    });
    expect(wrong.status).toBe(403);
    const asked = await h.call("POST", "/api/auth/change-email", {
      token: member.token,
      body: { new_email: "After@Example.com", current_password: "member-password-1" },
    });
    expect(asked.status).toBe(202);
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).body.email).toBe("before@example.com");
    const [mail] = await delivered();
    expect([mail?.to].flat()[0]?.text).toBe("after@example.com");
    expect(mail?.text).toContain("before@example.com");
    const token = linkToken(mail as ParsedMail, "confirm-email");
    const moved = await h.call("POST", "/api/auth/change-email/confirm", { body: { token } });
    expect(moved.status).toBe(200);
    expect((await h.call("GET", "/api/auth/me", { token: member.token })).body.email).toBe("after@example.com");
    expect((await h.call("POST", "/api/auth/change-email/confirm", { body: { token } })).status).toBe(400);
  });
});

describe("the outbox and its sender", () => {
  it("list mail carries the one-click unsubscribe headers, and an unsubscribed address gets no more of it", async () => {
    await queueMail(h.db, {
      to: "Reader@Example.com",
      template: "passwordReset",
      data: { url: "http://localhost/x" },
      list: "newsletter",
    });
    const [mail] = await delivered();
    const headerLine = (name: string) =>
      mail?.headerLines
        .find((l) => l.key === name)
        ?.line.replace(/^[^:]+:\s*/, "")
        .replace(/\r?\n\s+/g, "");
    const header = headerLine("list-unsubscribe") ?? "";
    expect(header).toMatch(/^<http:\/\/localhost:\d+\/api\/mail\/unsubscribe\?token=[\w.-]+>$/);
    expect(headerLine("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail?.text).toMatch(/Unsubscribe: http:\/\/localhost:\d+\/unsubscribe\?token=/);
    const path = new URL(header.slice(1, -1)).pathname + new URL(header.slice(1, -1)).search;
    const res = await h.call("POST", path, { raw: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe("reader@example.com");
    expect((await h.call("POST", "/api/mail/unsubscribe?token=forged", {})).status).toBe(400);

    await queueMail(h.db, {
      to: "reader@example.com",
      template: "passwordReset",
      data: { url: "u" },
      list: "newsletter",
    });
    await queueMail(h.db, { to: "reader@example.com", template: "passwordReset", data: { url: "u" }, list: null });
    const after = await delivered();
    // Transactional mail still goes; the list's does not.
    expect(after).toHaveLength(1);
    expect(after[0]?.headerLines.some((l) => l.key === "list-unsubscribe")).toBe(false);
    const statuses = await h.db.$client.execute(
      "SELECT status FROM mail_outbox WHERE `to` = 'reader@example.com' ORDER BY id",
    );
    expect(statuses.rows.map((r) => r.status)).toEqual(["sent", "suppressed", "sent"]);
  });

  it("refuses a line break in an address or a subject", async () => {
    await expect(
      queueMail(h.db, {
        to: "a@example.com\r\nBcc: b@example.com",
        template: "verifyEmail",
        data: { url: "u" },
        list: null,
      }),
    ).rejects.toThrow(/valid e-mail address/);
    await expect(
      queueMail(h.db, {
        to: "a@example.com",
        template: "emailChange",
        data: { url: "u", oldEmail: "x" },
        list: null,
      }),
    ).resolves.toBeUndefined();
    await delivered();
  });

  it("after a crash mid-send, resumes without sending a message twice", async () => {
    const received: ParsedMail[] = [];
    const catcher = await startMailCatcher((mail) => received.push(mail));
    const transport = smtpTransport(catcher.url, h.settings.MAIL_RATE_PER_MINUTE);
    // A second on, so the message just queued (stamped by the database's clock) is due.
    let clock = new Date(Date.now() + 1000);
    const sender = new MailSender({
      db: h.db,
      settings: h.settings,
      transport,
      keepSentLinks: true,
      now: () => clock,
    });
    try {
      await queueMail(h.db, { to: "crash@example.com", template: "verifyEmail", data: { url: "u1" }, list: null });
      // A sender claims the message and dies before sending it.
      const [claimed] = await claimDueMail(h.db, clock, 5 * 60_000, 10, "dead@localhost");
      expect(claimed?.status).toBe("sending");
      // While its lease runs, nobody else sends it.
      expect(await sender.pass()).toBe(0);
      clock = new Date(clock.getTime() + 5 * 60_000 + 1);
      expect(await sender.pass()).toBe(1);
      expect(await sender.pass()).toBe(0);
      expect(received).toHaveLength(1);
      // The message keeps the Message-ID of its first claim.
      expect(received[0]?.messageId).toBe(claimed?.message_id);
      const row = (
        await h.db.$client.execute({ sql: "SELECT * FROM mail_outbox WHERE id = ?", args: [claimed?.id ?? 0] })
      ).rows[0];
      expect(row?.status).toBe("sent");
      expect(row?.attempts).toBe(2);
    } finally {
      transport.close();
      await catcher.close();
    }
  });
});
