import { createHash, randomBytes } from "node:crypto";
import type { InStatement } from "@libsql/client";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client";
import {
  type NewsletterIssue,
  type NewsletterIssueContent,
  type NewsletterSponsor,
  newsletterIssues,
  newsletterSubscribers,
} from "../schema";
import { newsletterSponsorsAt } from "./sponsors";
import { publicToolSql } from "./visibility";

/** How long a confirmation link works. */
const CONFIRM_DAYS = 7;

/** SQL: a confirmed subscriber `s` who has not left the newsletter nor bounced. */
const RECEIVES = `s.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM mail_suppressions m
  WHERE m.email = s.email AND m.list IN ('newsletter', '*'))`;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Starts (or restarts) the double opt-in of `email` (already lower-cased): a pending row with a
 * fresh token, and the confirmation mail from `mail(token)` in the same batch. Nothing happens for
 * an address already confirmed that still gets the newsletter (the caller answers the same either
 * way). One batch, never an open transaction: the embedded database has one connection.
 */
export async function requestSubscription(
  db: Db,
  email: string,
  now: Date,
  mail: (token: string) => InStatement,
): Promise<boolean> {
  const [row] = (
    await db.$client.execute({
      sql: `SELECT 1 FROM newsletter_subscribers s WHERE s.email = ? AND ${RECEIVES}`,
      args: [email],
    })
  ).rows;
  if (row) return false;
  const token = randomBytes(24).toString("base64url");
  const expires = new Date(now.getTime() + CONFIRM_DAYS * 86_400_000).toISOString();
  await db.$client.batch(
    [
      {
        // A confirmed address that left the newsletter stays confirmed until it confirms again.
        sql: `INSERT INTO newsletter_subscribers (email, status, token_hash, token_expires_at) VALUES (?, 'pending', ?, ?)
              ON CONFLICT (email) DO UPDATE SET token_hash = excluded.token_hash, token_expires_at = excluded.token_expires_at`,
        args: [email, tokenHash(token), expires],
      },
      mail(token),
    ],
    "write",
  );
  return true;
}

/**
 * Confirms the subscription a mailed token names (once, before it expires): the address is
 * confirmed and any earlier unsubscribe of the newsletter undone. The address, or null.
 */
export async function confirmSubscription(db: Db, token: string, now: Date): Promise<string | null> {
  const hash = tokenHash(token);
  const at = now.toISOString();
  const [found] = (
    await db.$client.execute({
      sql: "SELECT email FROM newsletter_subscribers WHERE token_hash = ? AND token_expires_at > ?",
      args: [hash, at],
    })
  ).rows;
  if (!found) return null;
  const [confirmed] = await db.$client.batch(
    [
      {
        sql: `UPDATE newsletter_subscribers SET status = 'confirmed', confirmed_at = ?, token_hash = NULL, token_expires_at = NULL
              WHERE token_hash = ? AND token_expires_at > ?`,
        args: [at, hash, at],
      },
      {
        sql: `DELETE FROM mail_suppressions WHERE email = ? AND list = 'newsletter' AND reason = 'unsubscribed'
                AND changes() > 0`,
        args: [String(found.email)],
      },
    ],
    "write",
  );
  return (confirmed?.rowsAffected ?? 0) > 0 ? String(found.email) : null;
}

/** Where an address stands with the newsletter: receiving it, asked to confirm, or neither. */
export type NewsletterState = "subscribed" | "pending" | "none";

export async function newsletterState(db: Db, email: string, now: Date): Promise<NewsletterState> {
  const [row] = (
    await db.$client.execute({
      sql: `SELECT CASE WHEN ${RECEIVES} THEN 'subscribed'
              WHEN s.token_hash IS NOT NULL AND s.token_expires_at > ? THEN 'pending' ELSE 'none' END AS state
            FROM newsletter_subscribers s WHERE s.email = ?`,
      args: [now.toISOString(), email],
    })
  ).rows;
  return (row?.state as NewsletterState | undefined) ?? "none";
}

/**
 * Subscribes an address its member has already proved (a verified account): confirmed at once,
 * with no mailed link, and an earlier unsubscribe of the newsletter undone. A bounce stays.
 */
export async function subscribeConfirmed(db: Db, email: string, now: Date): Promise<void> {
  await db.$client.batch(
    [
      {
        sql: `INSERT INTO newsletter_subscribers (email, status, confirmed_at) VALUES (?, 'confirmed', ?)
              ON CONFLICT (email) DO UPDATE SET status = 'confirmed', confirmed_at = excluded.confirmed_at,
                token_hash = NULL, token_expires_at = NULL`,
        args: [email, now.toISOString()],
      },
      {
        sql: "DELETE FROM mail_suppressions WHERE email = ? AND list = 'newsletter' AND reason = 'unsubscribed'",
        args: [email],
      },
    ],
    "write",
  );
}

/**
 * Takes an address off the newsletter, as its one-click link does (a suppression, so a digest
 * already being sent skips it too); an unconfirmed request is dropped with its link.
 */
export async function leaveNewsletter(db: Db, email: string): Promise<void> {
  await db.$client.batch(
    [
      {
        sql: "INSERT INTO mail_suppressions (email, list, reason) VALUES (?, 'newsletter', 'unsubscribed') ON CONFLICT DO NOTHING",
        args: [email],
      },
      { sql: "DELETE FROM newsletter_subscribers WHERE email = ? AND status = 'pending'", args: [email] },
      {
        sql: "UPDATE newsletter_subscribers SET token_hash = NULL, token_expires_at = NULL WHERE email = ?",
        args: [email],
      },
    ],
    "write",
  );
}

/** Drops confirmation requests nobody followed: the table does not grow with strangers' typing. */
export async function sweepPendingSubscribers(db: Db, now: Date): Promise<number> {
  const result = await db.$client.execute({
    sql: "DELETE FROM newsletter_subscribers WHERE status = 'pending' AND token_expires_at <= ?",
    args: [now.toISOString()],
  });
  return result.rowsAffected;
}

/** How many addresses the next digest goes to. */
export async function recipientCount(db: Db): Promise<number> {
  const row = (await db.$client.execute(`SELECT count(*) AS n FROM newsletter_subscribers s WHERE ${RECEIVES}`))
    .rows[0];
  return Number(row?.n ?? 0);
}

/** The ISO week of `date`, e.g. 2026-W48 (weeks start on Monday). */
function isoWeek(date: Date): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

const clip = (text: unknown, max = 160) => {
  const s = String(text ?? "");
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};

/** The week's digest before `now`: new tools, the most saved of the week, the newest articles. */
async function composeContent(db: Db, now: Date): Promise<NewsletterIssueContent> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const run = async (q: string, args: (string | number)[]) => (await db.$client.execute({ sql: q, args })).rows;
  const fresh = await run(
    `SELECT t.name, t.slug, t.description FROM tools t WHERE ${publicToolSql("t")} AND t.created_at > ?
     ORDER BY t.created_at DESC LIMIT 8`,
    [since],
  );
  const popular = await run(
    `SELECT t.name, t.slug, t.description, count(*) AS week_saves FROM saves s JOIN tools t ON t.id = s.tool_id
     WHERE ${publicToolSql("t")} AND s.created_at > ? GROUP BY t.id ORDER BY week_saves DESC, t.id DESC LIMIT 5`,
    [since],
  );
  const articles = await run(
    `SELECT title, slug, excerpt FROM articles WHERE status = 'published' AND is_template = 0
       AND coalesce(published_at, created_at) > ? ORDER BY coalesce(published_at, created_at) DESC LIMIT 5`,
    [since],
  );
  return {
    tools: fresh.map((r) => ({ name: String(r.name), slug: String(r.slug), description: clip(r.description) })),
    popular: popular.map((r) => ({
      name: String(r.name),
      slug: String(r.slug),
      description: clip(r.description),
      saves_count: Number(r.week_saves),
    })),
    articles: articles.map((r) => ({ title: String(r.title), slug: String(r.slug), excerpt: clip(r.excerpt) })),
  };
}

/** This week's draft, composed once (a second call in the same week keeps the first). */
export async function composeWeeklyIssue(db: Db, now: Date, siteName: string): Promise<NewsletterIssue | undefined> {
  const week = isoWeek(now);
  await db
    .insert(newsletterIssues)
    .values({ week, subject: `${siteName} weekly, ${week}`, content: await composeContent(db, now) })
    .onConflictDoNothing();
  return db.select().from(newsletterIssues).where(eq(newsletterIssues.week, week)).get();
}

export async function listIssues(db: Db): Promise<NewsletterIssue[]> {
  return db.select().from(newsletterIssues).orderBy(desc(newsletterIssues.id)).all();
}

export async function getIssue(db: Db, id: number): Promise<NewsletterIssue | undefined> {
  return db.select().from(newsletterIssues).where(eq(newsletterIssues.id, id)).get();
}

/** The sent issues, newest first: the archive at /newsletter. */
export async function sentIssues(db: Db): Promise<NewsletterIssue[]> {
  return db
    .select()
    .from(newsletterIssues)
    .where(gt(newsletterIssues.number, 0))
    .orderBy(desc(newsletterIssues.number))
    .all();
}

/** Changes a draft or scheduled issue (intro, subject, schedule); null once it is sending or sent. */
export async function editIssue(
  db: Db,
  id: number,
  change: { intro?: string; subject?: string; scheduled_at?: string | null },
): Promise<NewsletterIssue | null> {
  const status = change.scheduled_at === undefined ? undefined : change.scheduled_at ? "scheduled" : "draft";
  const [row] = await db
    .update(newsletterIssues)
    .set({ ...change, ...(status ? { status } : {}) })
    .where(and(eq(newsletterIssues.id, id), sql`${newsletterIssues.status} IN ('draft', 'scheduled')`))
    .returning();
  return row ?? null;
}

/** The newsletter sponsors an issue going out at `now` carries, as it keeps them. */
export async function issueSponsorsAt(db: Db, now: Date): Promise<NewsletterSponsor[]> {
  return (await newsletterSponsorsAt(db, now)).map((s) => ({
    id: s.id,
    title: s.title,
    body: clip(s.body),
    image_url: s.image_url,
  }));
}

/**
 * Starts sending: the issue takes the next archive number and the status "sending" in one
 * statement, so two clicks (or the schedule and a click) start it once. Null when it already was.
 * The newsletter sponsors of the week it goes out are kept in its content: every copy and its
 * archive page show the same ones, whatever the bookings do later.
 */
export async function startSending(db: Db, id: number, now: Date): Promise<NewsletterIssue | null> {
  const sponsors = await issueSponsorsAt(db, now);
  const [row] = await db
    .update(newsletterIssues)
    .set({
      status: "sending",
      number: sql`(SELECT coalesce(max(number), 0) + 1 FROM newsletter_issues)`,
      sent_at: now.toISOString(),
      content: sql`json_set(${newsletterIssues.content}, '$.sponsors', json(${JSON.stringify(sponsors)}))`,
    })
    .where(and(eq(newsletterIssues.id, id), sql`${newsletterIssues.status} IN ('draft', 'scheduled')`))
    .returning();
  return row ?? null;
}

/** The scheduled issues whose time has come. */
export async function dueIssues(db: Db, now: Date): Promise<NewsletterIssue[]> {
  return db
    .select()
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), sql`${newsletterIssues.scheduled_at} <= ${now.toISOString()}`))
    .all();
}

export async function sendingIssues(db: Db): Promise<NewsletterIssue[]> {
  return db.select().from(newsletterIssues).where(eq(newsletterIssues.status, "sending")).all();
}

/**
 * Queues the next `batch` recipients of a sending issue: their outbox rows (one statement from
 * `mail`, given the recipients' query and the condition it runs under) and the issue's new
 * cursor (the last subscriber id queued) commit in one batch, written only if the cursor is
 * still where it was read: after a crash, or with two passes at once, nobody is queued twice
 * or skipped. When no one is left the issue is "sent". Answers how many were queued.
 */
export async function queueIssueBatch(
  db: Db,
  issue: Pick<NewsletterIssue, "id">,
  batch: number,
  mail: (recipients: { sql: string; args: (string | number)[] }, when: string) => InStatement,
): Promise<number> {
  const [current] = (
    await db.$client.execute({
      sql: "SELECT cursor FROM newsletter_issues WHERE id = ? AND status = 'sending'",
      args: [issue.id],
    })
  ).rows;
  if (!current) return 0;
  const from = Number(current.cursor);
  const [range] = (
    await db.$client.execute({
      sql: `SELECT count(*) AS n, max(id) AS last FROM (SELECT s.id FROM newsletter_subscribers s
              WHERE s.id > ? AND ${RECEIVES} ORDER BY s.id LIMIT ?)`,
      args: [from, batch],
    })
  ).rows;
  const n = Number(range?.n ?? 0);
  const last = n > 0 ? Number(range?.last) : from;
  const [claimed] = await db.$client.batch(
    [
      {
        sql: `UPDATE newsletter_issues SET cursor = ?, recipients = recipients + ?,
                status = CASE WHEN ? THEN 'sent' ELSE status END
              WHERE id = ? AND status = 'sending' AND cursor = ?`,
        args: [last, n, n < batch ? 1 : 0, issue.id, from],
      },
      // changes(): the cursor moved in this batch, so these recipients are this pass's alone.
      mail(
        {
          sql: `SELECT s.email FROM newsletter_subscribers s WHERE s.id > ? AND s.id <= ? AND ${RECEIVES}`,
          args: [from, last],
        },
        "changes() > 0",
      ),
    ],
    "write",
  );
  return (claimed?.rowsAffected ?? 0) > 0 ? n : 0;
}

/** Every subscriber, for the CSV export. */
export async function allSubscribers(db: Db) {
  return db
    .select({
      email: newsletterSubscribers.email,
      status: newsletterSubscribers.status,
      created_at: newsletterSubscribers.created_at,
      confirmed_at: newsletterSubscribers.confirmed_at,
    })
    .from(newsletterSubscribers)
    .orderBy(newsletterSubscribers.id)
    .all();
}

/**
 * Imports addresses an admin vouches for as confirmed (they opted in elsewhere); an address
 * already there keeps its row. Answers how many were new.
 */
export async function importSubscribers(db: Db, emails: string[]): Promise<number> {
  let added = 0;
  for (let i = 0; i < emails.length; i += 500) {
    const chunk = emails.slice(i, i + 500);
    const rows = await db
      .insert(newsletterSubscribers)
      .values(chunk.map((email) => ({ email, status: "confirmed" as const, confirmed_at: new Date().toISOString() })))
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    added += rows.length;
  }
  return added;
}
