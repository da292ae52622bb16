import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pLimit from "p-limit";
import { SMTPServer } from "smtp-server";
import { loadSettings } from "../config/settings";
import { migrateDb, openDb } from "../db/client";
import { composeWeeklyIssue, startSending } from "../db/queries/newsletter";
import { MailSender } from "../jobs/mail-sender";
import { Newsletter } from "../jobs/newsletter";
import { digestData } from "../mail/digest";
import { renderMail } from "../mail/render";
import { smtpTransport } from "../mail/transport";
import { BENCH_SECRET, record } from "./lib";

/** A local SMTP server that accepts and discards every message, counting them. */
async function sink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, done) {
      stream.on("end", () => {
        received++;
        done();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The weekly digest to `count` confirmed subscribers (default 100,000; `--digest-count N`) through
 * a local SMTP server: the product's whole path (the job queues the outbox in batches, the sender
 * renders each message with its own unsubscribe link and delivers it, at the highest
 * MAIL_RATE_PER_MINUTE allowed) against a raw nodemailer loop sending the same rendered digest
 * through the same pooled transport to the same server, messages per second; and the process's
 * peak RSS after the product's run.
 */
export async function digestFigures(count = 100_000) {
  // The bench process has loaded every section's modules: its size before this one, for context.
  const startMb = process.resourceUsage().maxRSS / 1024;
  const dir = mkdtempSync(join(tmpdir(), "bench-digest-"));
  const smtp = await sink();
  try {
    const settings = loadSettings({
      NODE_ENV: "test",
      JWT_SECRET: BENCH_SECRET,
      DATABASE_URL: `file:${dir}/b.db`,
      MAIL_RATE_PER_MINUTE: "100000",
    });
    const db = await openDb({ url: settings.DATABASE_URL });
    await migrateDb(db);
    await db.$client.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO newsletter_subscribers (email, status) SELECT 'reader' || i || '@example.com', 'confirmed' FROM n`,
      args: [count],
    });
    const now = new Date();
    const issue = await composeWeeklyIssue(db, now, "Bench");
    if (!issue) throw new Error("no issue composed");

    // The product: queue in batches, then deliver through the sender until the outbox is empty.
    const transport = smtpTransport(smtp.url);
    const started = performance.now();
    await startSending(db, issue.id, now);
    await new Newsletter(db, settings, () => {}).run(now);
    const sender = new MailSender({ db, settings, transport, keepSentLinks: false });
    let sent = 0;
    while (sent < count) {
      const n = await sender.pass();
      sent += n;
      // The sender's rate window (100,000 a minute) may hold it for the rest of the minute.
      if (n === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ours = count / ((performance.now() - started) / 1000);
    const peakMb = process.resourceUsage().maxRSS / 1024;
    transport.close();

    // The reference: the same digest rendered once, sent by a plain loop, 4 at a time as the sender does.
    const rendered = await renderMail(settings, {
      to: "reader1@example.com",
      template: "newsletterDigest",
      data: digestData(settings, { ...issue, number: 1 }),
      list: "newsletter",
    });
    const raw = smtpTransport(smtp.url);
    const limit = pLimit(4);
    const rawStarted = performance.now();
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        limit(() =>
          raw.sendMail({
            from: settings.MAIL_FROM,
            to: `reader${i + 1}@example.com`,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            headers: rendered.headers,
          }),
        ),
      ),
    );
    const reference = count / ((performance.now() - rawStarted) / 1000);
    raw.close();
    record(
      {
        name: `digest to ${count} subscribers through local SMTP, msg/s: outbox + sender / raw nodemailer loop`,
        value: ours,
        unit: "msg/s",
        reference,
        aim: ">= 0.8",
      },
      ours / reference,
      ours / reference >= 0.8,
    );
    record(
      {
        name: `digest to ${count} subscribers: peak RSS of the process (${Math.round(startMb)} MB before it)`,
        value: peakMb,
        unit: "MB",
        reference: 300,
        aim: "< 300 MB",
      },
      peakMb / 300,
      peakMb < 300,
    );
    db.$client.close();
  } finally {
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
