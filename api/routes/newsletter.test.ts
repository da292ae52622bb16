import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeWeeklyIssue, queueIssueBatch } from "../../db/queries/newsletter";
import { Newsletter } from "../../jobs/newsletter";
import { digestData, digestMails } from "../../mail/digest";
import { createHarness, type Harness } from "../testing/harness";
import { startInbox } from "../testing/inbox";

let h: Harness;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let admin: { token: string };
let counter = 0;
beforeAll(async () => {
  h = await createHarness();
  inbox = await startInbox(h);
  admin = await h.user({ role: "admin" });
});
afterAll(async () => {
  await inbox.close();
  await h.close();
});

const to = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
/** Each test from its own network, so the per-network budget of one does not spill into another. */
const network = () => `192.0.${++counter}.1`;

async function subscribe(email: string, address = network()) {
  return h.call("POST", "/api/newsletter/subscribe", { body: { email }, address });
}

/** Subscribes and confirms through the mailed link, as a reader does. */
async function confirmedSubscriber(email: string) {
  expect((await subscribe(email)).status).toBe(202);
  const mail = (await inbox.deliver()).find((m) => to(m) === email);
  const link = /\/newsletter\/confirm\?token=([\w-]+)/.exec(mail?.text ?? "");
  expect(link, "confirmation link").toBeTruthy();
  const confirmed = await h.call("POST", "/api/newsletter/confirm", { body: { token: link?.[1] } });
  expect(confirmed.status).toBe(200);
}

describe("newsletter subscription", () => {
  it("is double opt-in: a confirmation mail, then the link confirms once", async () => {
    const first = await subscribe("Reader@Example.com");
    expect(first.status).toBe(202);
    const [mail] = (await inbox.deliver()).filter((m) => to(m) === "reader@example.com");
    expect(mail?.subject).toBe("Confirm your newsletter subscription");
    const token = /confirm\?token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
    expect((await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body.recipients).toBe(0);
    const confirmed = await h.call("POST", "/api/newsletter/confirm", { body: { token } });
    expect(confirmed.body).toEqual({
      detail: "You are subscribed to the weekly newsletter",
      email: "reader@example.com",
    });
    expect((await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body.recipients).toBe(1);
    const again = await h.call("POST", "/api/newsletter/confirm", { body: { token } });
    expect(again.status).toBe(404);
    expect(again.body.detail).toMatch(/invalid or has expired/);
    // Subscribed already: the same answer, and no mail.
    const repeat = await subscribe("reader@example.com");
    expect(repeat.body).toEqual(first.body);
    expect((await inbox.deliver()).filter((m) => to(m) === "reader@example.com")).toEqual([]);
  });

  it("refuses bad addresses and header injection with a clear 422", async () => {
    for (const email of ["not-an-address", "a@b.com\r\nBcc: victim@example.com", "", `${"x".repeat(250)}@e.com`]) {
      const res = await subscribe(email);
      expect(res.status, email).toBe(422);
      expect(res.body.detail).toMatch(/email/);
    }
    expect((await h.call("POST", "/api/newsletter/confirm", { body: {} })).status).toBe(422);
  });

  it("holds a stranger to budgets: 3 mails a day per address, 10 requests an hour per network", async () => {
    const address = network();
    for (let i = 0; i < 5; i++) expect((await subscribe("target@example.com")).status).toBe(202);
    expect((await inbox.deliver()).filter((m) => to(m) === "target@example.com")).toHaveLength(3);
    for (let i = 0; i < 10; i++) expect((await subscribe(`many${i}@example.com`, address)).status).toBe(202);
    const refused = await subscribe("one-more@example.com", address);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/Too many/);
    await inbox.deliver();
  });
});

describe("weekly digest", () => {
  it("goes to confirmed subscribers with one-click unsubscribe, and the next issue skips who left", async () => {
    await confirmedSubscriber("digest-a@example.com");
    await confirmedSubscriber("digest-b@example.com");
    await subscribe("never-confirmed@example.com");
    await inbox.deliver();
    const newsletter = new Newsletter(h.db, h.settings, () => {}, 2);
    const week1 = new Date("2030-01-07T10:00:00Z");
    await newsletter.run(week1);
    const { issues } = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body;
    const issue = issues.find((i: { week: string }) => i.week === "2030-W02");
    expect(issue.status).toBe("draft");
    await h.call("PUT", `/api/admin/newsletter/issues/${issue.id}`, {
      token: admin.token,
      body: { intro: "Hello readers" },
    });
    const preview = await h.call("GET", `/api/admin/newsletter/issues/${issue.id}/preview`, { token: admin.token });
    expect(preview.body.text).toContain("Hello readers");
    const sent = await h.call("POST", `/api/admin/newsletter/issues/${issue.id}/send`, { token: admin.token });
    expect(sent.status).toBe(202);
    // Asked twice: sent once.
    expect((await h.call("POST", `/api/admin/newsletter/issues/${issue.id}/send`, { token: admin.token })).status).toBe(
      409,
    );
    expect(h.changes.at(-1)).toBe(`newsletter issue ${sent.body.issue.number} sent`);
    await newsletter.run(week1);
    const digests = (await inbox.deliver()).filter((m) => m.subject === issue.subject);
    expect(digests.map(to).sort()).toEqual(expect.arrayContaining(["digest-a@example.com", "digest-b@example.com"]));
    expect(digests.map(to)).not.toContain("never-confirmed@example.com");
    const toA = digests.find((m) => to(m) === "digest-a@example.com");
    expect(toA?.text).toContain("Hello readers");
    expect(toA?.html).not.toMatch(/<img/);
    const oneClick = toA?.headerLines.find((l) => l.key === "list-unsubscribe")?.line ?? "";
    const url = /<(http[^>]+)>/.exec(oneClick)?.[1] ?? "";
    // One rendering for the issue, yet each copy's links name its own reader.
    const token = new URL(url).searchParams.get("token") ?? "";
    expect(toA?.text).toContain(`/unsubscribe?token=${token}`);
    expect(toA?.html).toContain(`/unsubscribe?token=${token}`);
    const toB = digests.find((m) => to(m) === "digest-b@example.com");
    expect(toB?.text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+\.[\w-]+/);
    expect(toB?.text).not.toContain(token);
    const left = await h.call("POST", new URL(url).pathname + new URL(url).search);
    expect(left.status).toBe(200);

    const week2 = new Date("2030-01-14T10:00:00Z");
    await newsletter.run(week2);
    const next = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body.issues.find(
      (i: { week: string }) => i.week === "2030-W03",
    );
    await h.call("POST", `/api/admin/newsletter/issues/${next.id}/send`, { token: admin.token });
    await newsletter.run(week2);
    const second = (await inbox.deliver()).filter((m) => m.subject === next.subject).map(to);
    expect(second).toContain("digest-b@example.com");
    expect(second).not.toContain("digest-a@example.com");
    const archive = await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token });
    expect(archive.body.issues.find((i: { id: number }) => i.id === next.id).status).toBe("sent");
  });

  it("queues each recipient once when a pass is cut short and the next resumes", async () => {
    for (let i = 0; i < 5; i++) {
      await h.db.$client.execute({
        sql: "INSERT INTO newsletter_subscribers (email, status) VALUES (?, 'confirmed')",
        args: [`resume${i}@example.com`],
      });
    }
    const week = new Date("2030-02-04T10:00:00Z");
    const first = new Newsletter(h.db, h.settings, () => {}, 2);
    const issue = await composeWeeklyIssue(h.db, week, "Test");
    await h.call("POST", `/api/admin/newsletter/issues/${issue?.id}/send`, { token: admin.token });
    // One batch, then the process "dies"; a new one resumes from the committed cursor.
    const sending = (await h.call("GET", "/api/admin/newsletter/issues", { token: admin.token })).body.issues.find(
      (i: { id: number }) => i.id === issue?.id,
    );
    await queueIssueBatch(h.db, sending, 2, (recipients, when) =>
      digestMails(digestData(h.settings, sending), recipients, when),
    );
    await first.run(week);
    const rows = await h.db.$client.execute({
      sql: `SELECT "to", count(*) AS n FROM mail_outbox WHERE template = 'newsletterDigest' AND subject = ? GROUP BY "to"`,
      args: [sending.subject],
    });
    expect(rows.rows.every((r) => Number(r.n) === 1)).toBe(true);
    expect(rows.rows.map((r) => String(r.to))).toEqual(
      expect.arrayContaining([0, 1, 2, 3, 4].map((i) => `resume${i}@example.com`)),
    );
    await inbox.deliver();
  });
});

describe("subscribers as CSV", () => {
  const upload = (name: string, content: string) => {
    const form = new FormData();
    form.append("file", new File([content], name, { type: "text/csv" }));
    return h.app.request("http://localhost/api/admin/newsletter/subscribers/upload-csv", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
  };

  it("imports good files, refuses bad rows naming their lines, and exports every subscriber", async () => {
    const bad = await upload("list.csv", 'email\nok@example.com\nnot-an-email\n"x@y.com\r\nBcc: z@z.com"\n');
    expect(bad.status).toBe(422);
    const detail = ((await bad.json()) as { detail: string }).detail;
    expect(detail).toMatch(/line 3: 'not-an-email'/);
    expect(detail).toMatch(/line 4/);
    expect(detail).toMatch(/nothing imported/);
    expect((await upload("list.txt", "email\na@b.com\n")).status).toBe(415);
    expect((await upload("list.csv", "name\nAda\n")).status).toBe(422);
    const good = await upload(
      "list.csv",
      "Email,name\nImported@Example.com,Ada\nimported2@example.com,Bob\nimported@example.com,Dup\n",
    );
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ count: 2, skipped: 0 });
    const exported = await h.app.request("http://localhost/api/admin/newsletter/subscribers.csv", {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const csv = await exported.text();
    expect(csv.split("\n")[0]).toBe("email,status,created_at,confirmed_at");
    expect(csv).toMatch(/^imported@example\.com,confirmed,/m);
    const member = await h.user();
    expect((await h.call("GET", "/api/admin/newsletter/subscribers.csv", { token: member.token })).status).toBe(403);
  });
});
