import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { authTokens, type User } from "../schema";

export type TokenPurpose = "reset" | "verify" | "email_change";

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Issues a one-time token: the raw token goes into the mail, only its SHA-256 is stored. An
 * earlier unused token of the same purpose for the account stops working (the newest link wins).
 * Runs through `tx`, the transaction that also queues the mail carrying it.
 */
export async function issueAuthToken(
  tx: Pick<Db, "insert" | "update">,
  token: { userId: number; purpose: TokenPurpose; expiresAt: Date; newEmail?: string },
): Promise<string> {
  const raw = newAuthToken();
  await tx
    .update(authTokens)
    .set({ used_at: new Date().toISOString() })
    .where(
      and(eq(authTokens.user_id, token.userId), eq(authTokens.purpose, token.purpose), isNull(authTokens.used_at)),
    );
  await tx.insert(authTokens).values({
    purpose: token.purpose,
    user_id: token.userId,
    token_hash: hashOf(raw),
    new_email: token.newEmail ?? null,
    expires_at: token.expiresAt.toISOString(),
  });
  return raw;
}

/**
 * Spends a token: marks it used if it is of `purpose`, unused and not expired at `now`, in one
 * statement, so two requests with the same token cannot both succeed. The account it is for, or null.
 */
export async function spendAuthToken(
  db: Db,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<{ userId: number; newEmail: string | null } | null> {
  const result = await db.$client.execute({
    sql: `UPDATE auth_tokens SET used_at = ?1 WHERE token_hash = ?2 AND purpose = ?3 AND used_at IS NULL AND expires_at > ?1
          RETURNING user_id, new_email`,
    args: [now.toISOString(), hashOf(token), purpose],
  });
  const row = result.rows[0];
  return row ? { userId: Number(row.user_id), newEmail: (row.new_email as string | null) ?? null } : null;
}

/** Whether a token would be accepted now (read only: the costly work comes before spending it). */
export async function authTokenValid(db: Db, purpose: TokenPurpose, token: string, now: Date): Promise<boolean> {
  const result = await db.$client.execute({
    sql: "SELECT 1 FROM auth_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?",
    args: [hashOf(token), purpose, now.toISOString()],
  });
  return result.rows.length > 0;
}

/**
 * Creates a member with a one-time token and the mail carrying it, in one batch (one transaction
 * on the open connection, the cheapest way on a request path): the token and the mail are written
 * only when the account is (`changes()` of the statement before). Null when the address is taken.
 */
export async function createUserWithMail(
  db: Db,
  user: { email: string; passwordHash: string },
  token: { purpose: TokenPurpose; raw: string; expiresAt: Date },
  mail: { template: string; subject: string; data: unknown },
): Promise<User | null> {
  const [created] = await db.$client.batch(
    [
      {
        sql: "INSERT INTO users (email, password_hash, role) VALUES (?, ?, 'user') ON CONFLICT DO NOTHING RETURNING *",
        args: [user.email, user.passwordHash],
      },
      {
        sql: `INSERT INTO auth_tokens (purpose, user_id, token_hash, expires_at)
              SELECT ?, id, ?, ? FROM users WHERE email = ? AND changes() = 1`,
        args: [token.purpose, hashOf(token.raw), token.expiresAt.toISOString(), user.email],
      },
      {
        sql: `INSERT INTO mail_outbox ("to", template, subject, data, list, user_id)
              SELECT email, ?, ?, ?, NULL, id FROM users WHERE email = ? AND changes() = 1`,
        args: [mail.template, mail.subject, JSON.stringify(mail.data), user.email],
      },
    ],
    "write",
  );
  const row = created?.rows[0];
  return row ? ({ ...row, email_verified: Boolean(row.email_verified) } as unknown as User) : null;
}

/** A new one-time token (the raw value goes into a mail; only its hash is stored). */
export const newAuthToken = () => randomBytes(32).toString("base64url");
