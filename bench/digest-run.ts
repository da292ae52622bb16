import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import { loadSettings } from "../config/settings";
import { migrateDb, openDb } from "../db/client";
import { composeWeeklyIssue, startSending } from "../db/queries/newsletter";
import { MailSender } from "../jobs/mail-sender";
import { Newsletter } from "../jobs/newsletter";
import { digestData } from "../mail/digest";
import { type RenderedMail, renderMail } from "../mail/render";
import { mailConnections, smtpTransport } from "../mail/transport";
import { BENCH_SECRET } from "./lib";

/**
 * Child process of the digest figure (bench/digest.ts), so that its RSS is this section's alone:
 * `digest-run.ts <smtp url> <subscribers> <warm-up messages>`. Warms nodemailer up, sends the
 * weekly digest to every subscriber through the product's path, then the same rendered digest
 * through a raw nodemailer loop, and prints one JSON line: messages per second of each (of wall
 * time and of this process's CPU time), the RSS before the product's run and its peak during it.
 */
const [smtpUrl = "", countArg = "0", warmUpArg = "0"] = process.argv.slice(2);
const count = Number(countArg);
const MB = 1024 * 1024;

/** The reference: `n` copies of one rendered message, sent by a plain loop over `connections` connections. */
async function rawLoop(transport: Transporter, mail: RenderedMail, from: string, n: number, connections: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < n) {
        next++;
        await transport.sendMail({ from, to: `reader${next}@example.com`, ...mail });
      }
    }),
  );
}

/** CPU time this process spent since `since` (a busy shared machine stretches wall time, not this). */
function cpuSeconds(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
}

const dir = mkdtempSync(join(tmpdir(), "bench-digest-"));
try {
  // The sending rate is set as high as settings allow: the figure is what the path costs.
  const settings = loadSettings({
    NODE_ENV: "test",
    JWT_SECRET: BENCH_SECRET,
    DATABASE_URL: `file:${dir}/b.db`,
    MAIL_RATE_PER_MINUTE: "100000",
  });
  const rate = settings.MAIL_RATE_PER_MINUTE;
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
  const rendered = await renderMail(settings, {
    to: "reader1@example.com",
    template: "newsletterDigest",
    data: digestData(settings, { ...issue, number: 1 }),
    list: "newsletter",
  });
  const raw = smtpTransport(smtpUrl, rate);
  // Both runs below measure warm code: nodemailer's first messages compile it.
  await rawLoop(raw, rendered, settings.MAIL_FROM, Number(warmUpArg), mailConnections(rate));

  // The product: the job queues the outbox in batches, the sender delivers until it is empty.
  const startMb = process.memoryUsage.rss() / MB;
  let peakMb = startMb;
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, process.memoryUsage.rss() / MB);
  }, 50);
  const transport = smtpTransport(smtpUrl, rate);
  const started = performance.now();
  const cpu = process.cpuUsage();
  await startSending(db, issue.id, now);
  await new Newsletter(db, settings, () => {}).run(now);
  const sender = new MailSender({ db, settings, transport, keepSentLinks: false });
  let sent = 0;
  while (sent < count) {
    const n = await sender.pass();
    sent += n;
    // Past 100,000 a minute the sender's rate window holds it until the minute ends.
    if (n === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ours = count / ((performance.now() - started) / 1000);
  const oursCpu = count / cpuSeconds(cpu);
  clearInterval(sampler);
  peakMb = Math.max(peakMb, process.memoryUsage.rss() / MB);
  transport.close();

  const rawStarted = performance.now();
  const rawCpu = process.cpuUsage();
  await rawLoop(raw, rendered, settings.MAIL_FROM, count, mailConnections(rate));
  const reference = count / ((performance.now() - rawStarted) / 1000);
  const referenceCpu = count / cpuSeconds(rawCpu);
  raw.close();
  db.$client.close();
  console.log(JSON.stringify({ ours, reference, oursCpu, referenceCpu, peakMb, startMb }));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
