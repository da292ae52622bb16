import type { Db } from "../client";
import type { MailOutboxRow } from "../schema";
import type { ListSpec } from "./admin-list";

/** A claimed message as stored: `data` is the template data's JSON text (parsed only to render). */
export type ClaimedMail = Omit<MailOutboxRow, "data"> & { data: string | null };

/**
 * Claims up to `limit` due messages for one sender: queued ones whose time has come, and ones
 * left "sending" by a sender whose lease ran out (it crashed). The lease is the row's
 * next_attempt_at, so one index finds both. A message keeps the Message-ID of its first claim,
 * so a message sent again after a crash carries the same one and receivers drop the copy.
 * Due messages to a suppressed address are settled as "suppressed" in the same batch.
 */
export async function claimDueMail(
  db: Db,
  now: Date,
  leaseMs: number,
  limit: number,
  messageIdSuffix: string,
): Promise<ClaimedMail[]> {
  if (limit <= 0) return [];
  const due = `SELECT id FROM mail_outbox WHERE status IN ('queued', 'sending') AND next_attempt_at <= :now
               ORDER BY next_attempt_at, id LIMIT :limit`;
  const [, claimed] = await db.$client.batch(
    [
      {
        sql: `UPDATE mail_outbox SET status = 'suppressed', last_error = 'the address is on the suppression list',
                lease_until = NULL
              WHERE id IN (${due}) AND EXISTS (SELECT 1 FROM mail_suppressions s
                WHERE s.email = mail_outbox."to" AND s.list IN ('*', mail_outbox.list))`,
        args: { now: now.toISOString(), limit },
      },
      {
        sql: `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, lease_until = :lease,
                next_attempt_at = :lease, message_id = coalesce(message_id, '<mail-' || id || '.' || :suffix || '>')
              WHERE id IN (${due}) RETURNING *`,
        args: {
          lease: new Date(now.getTime() + leaseMs).toISOString(),
          suffix: messageIdSuffix,
          now: now.toISOString(),
          limit,
        },
      },
    ],
    "write",
  );
  return (claimed?.rows ?? []).map((row) => row as unknown as ClaimedMail);
}

/**
 * Messages the SMTP server accepted; `dropDataOf`: templates whose one-time links go. The sponsors
 * a message shows (its data's `sponsors`, the newsletter's) get one impression per message, in
 * the same batch, so impressions are exactly the copies marked sent.
 */
export async function markMailSent(db: Db, ids: number[], now: Date, dropDataOf: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const args = [JSON.stringify(ids), now.toISOString(), JSON.stringify(dropDataOf)];
  await db.$client.batch(
    [
      {
        sql: `WITH shown AS (SELECT json_extract(s.value, '$.id') AS id FROM mail_outbox m, json_each(m.data, '$.sponsors') s
                WHERE m.id IN (SELECT value FROM json_each(?1)) AND m.status = 'sending')
              UPDATE sponsor_bookings SET impressions = impressions + (SELECT count(*) FROM shown WHERE shown.id = sponsor_bookings.id)
              WHERE id IN (SELECT id FROM shown)`,
        args: args.slice(0, 1),
      },
      {
        sql: `UPDATE mail_outbox SET status = 'sent', sent_at = ?2, lease_until = NULL, last_error = NULL,
                data = CASE WHEN template IN (SELECT value FROM json_each(?3)) THEN NULL ELSE data END
              WHERE id IN (SELECT value FROM json_each(?1))`,
        args,
      },
    ],
    "write",
  );
}

/** Another try at `retryAt`, or none (failed, or suppressed: not sent on purpose). */
export async function markMailUnsent(
  db: Db,
  id: number,
  outcome: { status: "queued"; retryAt: Date; error: string } | { status: "failed" | "suppressed"; error: string },
): Promise<void> {
  await db.$client.execute({
    sql: `UPDATE mail_outbox SET status = ?2, last_error = ?3, lease_until = NULL,
            next_attempt_at = coalesce(?4, next_attempt_at) WHERE id = ?1`,
    args: [
      id,
      outcome.status,
      outcome.error.slice(0, 500),
      "retryAt" in outcome ? outcome.retryAt.toISOString() : null,
    ],
  });
}

/**
 * Removes what is no longer needed: finished messages older than `keepDays` and expired one-time
 * tokens. Returns how many rows went.
 */
export async function sweepMail(db: Db, now: Date, keepDays: number): Promise<number> {
  const before = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const [outbox, tokens] = await db.$client.batch(
    [
      {
        sql: "DELETE FROM mail_outbox WHERE created_at < ? AND status IN ('sent', 'failed', 'suppressed')",
        args: [before],
      },
      { sql: "DELETE FROM auth_tokens WHERE expires_at < ?", args: [now.toISOString()] },
    ],
    "write",
  );
  return (outbox?.rowsAffected ?? 0) + (tokens?.rowsAffected ?? 0);
}

export type AdminMail = Omit<MailOutboxRow, "data"> & { data: unknown };

/** The admin's Mail page: every message in the outbox (filters: status, to, template). */
export const mailList: ListSpec<AdminMail> = {
  from: "FROM mail_outbox m",
  select: "m.*",
  id: "m.id",
  sort: { created_at: "m.created_at", sent_at: "m.sent_at", status: "m.status", to: "m.`to`" },
  filter: {
    status: (value) => ["m.status = ?", [String(value)]],
    to: (value) => ["m.`to` = ?", [String(value).trim().toLowerCase()]],
    template: (value) => ["m.template = ?", [String(value)]],
  },
  map: (row) => ({
    ...(row as unknown as MailOutboxRow),
    data: typeof row.data === "string" ? JSON.parse(row.data) : null,
  }),
};

export async function getMail(db: Db, id: number): Promise<AdminMail | null> {
  const result = await db.$client.execute({
    sql: `SELECT ${mailList.select} ${mailList.from} WHERE m.id = ?`,
    args: [id],
  });
  const row = result.rows[0];
  return row ? mailList.map(row as Record<string, unknown>) : null;
}
