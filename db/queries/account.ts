import type { InStatement } from "@libsql/client";
import type { Db } from "../client";
import type { Tool } from "./rows";
import { listTools } from "./tools";

/** Deleting the only admin would leave the back office without anyone to run it. */
export class LastAdmin extends Error {
  constructor() {
    super("You are the last admin: make another account an admin before deleting this one");
  }
}

type Row = Record<string, unknown>;

async function all(db: Db, sql: string, args: (string | number)[]): Promise<Row[]> {
  return (await db.$client.execute({ sql, args })).rows.map((r) => ({ ...r }) as Row);
}

/**
 * Everything the site holds about a member, as one JSON-ready object: the account, their tools,
 * reviews, saves, payments, claims, reports, newsletter subscription and mail settings. Never
 * the password hash or the token version.
 */
export async function exportAccount(db: Db, userId: number) {
  const [account] = await all(
    db,
    "SELECT id, email, role, subscription_status, pro_until, email_verified, created_at FROM users WHERE id = ?",
    [userId],
  );
  if (!account) return null;
  const email = String(account.email);
  const verified = Boolean(account.email_verified);
  return {
    account,
    tools: await all(
      db,
      `SELECT id, slug, name, description, website_url, logo_url, affiliate_link, video_url, screenshots, pros_cons,
              faq, pricing_type, status, is_featured, created_at, updated_at
       FROM tools WHERE submitted_by = ? ORDER BY id`,
      [userId],
    ),
    reviews: await all(
      db,
      `SELECT r.id, t.slug AS tool_slug, r.rating, r.comment, r.created_at
       FROM reviews r JOIN tools t ON t.id = r.tool_id WHERE r.user_id = ? ORDER BY r.id`,
      [userId],
    ),
    saves: await all(
      db,
      "SELECT t.slug AS tool_slug, s.created_at FROM saves s JOIN tools t ON t.id = s.tool_id WHERE s.user_id = ? ORDER BY s.created_at",
      [userId],
    ),
    payments: await all(
      db,
      "SELECT package_id, amount_cents, currency, created_at FROM payments WHERE user_id = ? ORDER BY id",
      [userId],
    ),
    claims: await all(
      db,
      `SELECT t.slug AS tool_slug, c.status, c.method, c.verified_at, c.created_at
       FROM tool_claims c JOIN tools t ON t.id = c.tool_id WHERE c.user_id = ? ORDER BY c.id`,
      [userId],
    ),
    reports: await all(
      db,
      `SELECT t.slug AS tool_slug, r.reason, r.status, r.created_at
       FROM reports r JOIN tools t ON t.id = r.tool_id WHERE r.user_id = ? ORDER BY r.id`,
      [userId],
    ),
    // What is kept by address belongs to whoever proved the address: an unconfirmed account sees none of it.
    subscriptions: {
      newsletter: verified
        ? ((
            await all(db, "SELECT status, created_at, confirmed_at FROM newsletter_subscribers WHERE email = ?", [
              email,
            ])
          )[0] ?? null)
        : null,
      unsubscribed_lists: verified
        ? (await all(db, "SELECT list FROM mail_suppressions WHERE email = ?", [email])).map((r) => r.list)
        : [],
      opted_in_lists: (await all(db, "SELECT list FROM mail_opt_ins WHERE user_id = ?", [userId])).map((r) => r.list),
    },
  };
}

async function toolsOf(db: Db, userId: number): Promise<Tool[]> {
  const ids = await all(
    db,
    `SELECT id FROM tools WHERE submitted_by = ?
     UNION SELECT tool_id FROM reviews WHERE user_id = ?
     UNION SELECT tool_id FROM saves WHERE user_id = ?`,
    [userId, userId, userId],
  );
  const unique = ids.map((r) => Number(r.id));
  if (unique.length === 0) return [];
  return listTools(db, { ids: unique, limit: unique.length, offset: 0, visibility: "any" });
}

/**
 * Deletes a member in one transaction: their reviews and saves (the tools' figures recounted),
 * their pending edits, their tools (`tools: "delete"`) or leaves those listed without an owner
 * (`"keep"`: unfeatured, no longer verified, since both belonged to the member), their newsletter
 * subscription and list choices, then the account itself; claims, tokens, budgets and queued
 * mail go with it (ON DELETE CASCADE), reports they made and their payments (kept for the
 * accounts) stay without a name (SET NULL).
 * `mail` are statements written in the same batch, under the SQL condition given (the
 * confirmation). Throws LastAdmin for
 * the only admin. Answers the tools whose pages showed the member, before and after, to rebuild.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  tools: "delete" | "keep",
  mail: (onlyIfDeleted: string) => InStatement[],
): Promise<Tool[]> {
  const before = await toolsOf(db, userId);
  // One batch (the embedded database has one connection: no transaction may stay open across
  // awaits). The first statement decides: the member is "leaving" unless they are the last
  // admin, and every other statement acts only on who is leaving.
  const who = "(SELECT id FROM leaving)";
  const provenAddress = "(SELECT l.email FROM leaving l JOIN users u ON u.id = l.id WHERE u.email_verified = 1)";
  const steps: InStatement[] = [
    { sql: "CREATE TEMP TABLE IF NOT EXISTS leaving (id INTEGER PRIMARY KEY, email TEXT NOT NULL)", args: [] },
    {
      sql: `INSERT INTO leaving SELECT id, email FROM users WHERE id = ?
              AND (role <> 'admin' OR (SELECT count(*) FROM users WHERE role = 'admin') > 1)`,
      args: [userId],
    },
    {
      sql: `UPDATE tools SET
              avg_rating = coalesce((SELECT avg(rating) FROM reviews r WHERE r.tool_id = tools.id AND coalesce(r.user_id, 0) NOT IN ${who}), 0),
              review_count = (SELECT count(*) FROM reviews r WHERE r.tool_id = tools.id AND coalesce(r.user_id, 0) NOT IN ${who})
            WHERE id IN (SELECT tool_id FROM reviews WHERE user_id IN ${who})`,
      args: [],
    },
    { sql: `DELETE FROM reviews WHERE user_id IN ${who}`, args: [] },
    {
      sql: `UPDATE tools SET saves_count = (SELECT count(*) FROM saves s WHERE s.tool_id = tools.id AND s.user_id NOT IN ${who})
            WHERE id IN (SELECT tool_id FROM saves WHERE user_id IN ${who})`,
      args: [],
    },
    { sql: `DELETE FROM saves WHERE user_id IN ${who}`, args: [] },
    { sql: `DELETE FROM tool_revisions WHERE submitted_by IN ${who} AND status = 'pending'`, args: [] },
    tools === "delete"
      ? { sql: `DELETE FROM tools WHERE submitted_by IN ${who}`, args: [] }
      : {
          sql: `UPDATE tools SET submitted_by = NULL, is_verified = 0,
                  is_featured = CASE WHEN owner_featured = 1 THEN 0 ELSE is_featured END,
                  updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
                WHERE submitted_by IN ${who}`,
          args: [],
        },
    // What is kept by address goes only with an account that proved the address: an unconfirmed
    // one must not end a stranger's subscription.
    { sql: `DELETE FROM newsletter_subscribers WHERE email IN ${provenAddress}`, args: [] },
    // Bounces and complaints stay: they protect the sender's standing, not the member's choice.
    {
      sql: `DELETE FROM mail_suppressions WHERE email IN ${provenAddress} AND reason = 'unsubscribed'`,
      args: [],
    },
    ...mail(`EXISTS ${who}`),
    { sql: `DELETE FROM users WHERE id IN ${who}`, args: [] },
    { sql: "DELETE FROM leaving", args: [] },
  ];
  const results = await db.$client.batch(steps, "write");
  if ((results[1]?.rowsAffected ?? 0) === 0) {
    if (await db.$client.execute({ sql: "SELECT 1 FROM users WHERE id = ?", args: [userId] }).then((r) => r.rows[0]))
      throw new LastAdmin();
    return [];
  }
  const kept = before.length
    ? await listTools(db, { ids: before.map((t) => t.id), limit: before.length, offset: 0, visibility: "any" })
    : [];
  return [...before, ...kept];
}
