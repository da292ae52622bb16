import { createHmac } from "node:crypto";
import { SignJWT } from "jose";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../api/testing/harness";
import { startInbox } from "../api/testing/inbox";
import { queueMail } from "../mail/outbox";
import { readUnsubscribeToken } from "../mail/unsubscribe";

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

const digest = (subject: string) => ({
  number: 1,
  subject,
  intro: "This week.",
  content: { tools: [], popular: [], articles: [] },
  siteUrl: "http://localhost",
});
const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
const oneClickToken = (mail: ParsedMail) => {
  const line = mail.headerLines.find((l) => l.key === "list-unsubscribe")?.line ?? "";
  return new URL(/<(http[^>]+)>/.exec(line)?.[1] ?? "http://x").searchParams.get("token") ?? "";
};

describe("the mail sender", () => {
  it("sends one list message to many readers, each with a one-click link of their own, and marks every one sent", async () => {
    const readers = Array.from({ length: 120 }, (_, i) => `reader${i}@example.com`);
    for (const reader of readers)
      await queueMail(h.db, {
        to: reader,
        template: "newsletterDigest",
        data: digest("Same for all"),
        list: "newsletter",
      });
    const received = (await inbox.deliver()).filter((m) => readers.includes(to(m)));
    expect(received.map(to).sort()).toEqual([...readers].sort());
    for (const mail of received) {
      const token = oneClickToken(mail);
      expect(await readUnsubscribeToken(h.settings, token)).toEqual({ email: to(mail), list: "newsletter" });
      expect(mail.text).toContain(`/unsubscribe?token=${token}`);
    }
    const left = await h.db.$client.execute(
      "SELECT count(*) AS n FROM mail_outbox WHERE template = 'newsletterDigest' AND status <> 'sent'",
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it("writes the token any HS256 JWT library writes, so links already mailed keep working", async () => {
    await queueMail(h.db, {
      to: "Old.Reader@example.com",
      template: "newsletterDigest",
      data: digest("Hello again"),
      list: "newsletter",
    });
    const [mail] = (await inbox.deliver()).filter((m) => to(m) === "old.reader@example.com");
    const key = createHmac("sha256", h.settings.jwtSecret).update("mail-unsubscribe").digest();
    const expected = await new SignJWT({ lst: "newsletter" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("old.reader@example.com")
      .setAudience("mail-unsubscribe")
      .sign(key);
    expect(mail && oneClickToken(mail)).toBe(expected);
  });
});
