import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { type User, users } from "../schema";

/** The user as clients see it (SPEC §3): never the hash or the token version. */
export type PublicUser = {
  id: number;
  email: string;
  role: "user" | "admin";
  user_metadata: { subscription_status: "free" | "pro" };
  /** When the member's Pro period ends (null: no end, or never Pro). */
  pro_until: string | null;
  /** Whether the member confirmed their address (by the link mailed at sign-up). */
  email_verified: boolean;
  created_at: string;
};

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    user_metadata: { subscription_status: user.subscription_status },
    pro_until: user.pro_until,
    email_verified: user.email_verified,
    created_at: user.created_at,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export async function createUser(
  db: Pick<Db, "insert">,
  email: string,
  passwordHash: string,
  role: "user" | "admin" = "user",
): Promise<User | null> {
  const [row] = await db
    .insert(users)
    .values({ email: normalizeEmail(email), password_hash: passwordHash, role })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** SQL for "the user row `u` is Pro now": Pro, and its period (if it has one) not over. */
export const PRO_NOW = (u: string) =>
  `(${u}.subscription_status = 'pro' AND (${u}.pro_until IS NULL OR ${u}.pro_until > strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`;

export async function setSubscription(db: Db, userId: number, status: "free" | "pro"): Promise<void> {
  await db.update(users).set({ subscription_status: status }).where(eq(users.id, userId));
}

export async function setRole(db: Db, userId: number, role: "user" | "admin"): Promise<void> {
  await db.update(users).set({ role }).where(eq(users.id, userId));
}

export async function setPassword(db: Db, userId: number, hash: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: hash, token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId));
}

/**
 * Replaces the password only while it is still `verifiedHash`, the one the caller checked: of two
 * concurrent changes made with the same current password, one wins. The new token version, or
 * null when the password changed meanwhile.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  verifiedHash: string,
  hash: string,
): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ password_hash: hash, token_version: sql`${users.token_version} + 1` })
    .where(and(eq(users.id, userId), eq(users.password_hash, verifiedHash)))
    .returning({ token_version: users.token_version });
  return row ? row.token_version : null;
}

/** Invalidates every token issued so far for the user. */
/** The site_state key a restore sets: no session signed in before it is accepted (db/restore.ts). */
export const SESSIONS_VALID_FROM = "sessions_valid_from";
const validFrom = new WeakMap<Db, Promise<number>>();

/**
 * The first second (Unix time) a session token may have been signed in to be accepted: when the
 * database was last restored (0 if never). Read once per process: a restore needs the server stopped.
 */
export function sessionsValidFrom(db: Db): Promise<number> {
  let from = validFrom.get(db);
  if (!from) {
    from = db
      .all<{ value: string }>(sql`SELECT value FROM site_state WHERE key = ${SESSIONS_VALID_FROM}`)
      .then(([row]) => Number(row?.value ?? 0) || 0);
    validFrom.set(db, from);
    from.catch(() => validFrom.delete(db));
  }
  return from;
}

export async function revokeTokens(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ token_version: sql`${users.token_version} + 1` })
    .where(eq(users.id, userId));
}

/**
 * ADMIN_EMAILS at server start: gives the admin role to the listed accounts that already exist,
 * and creates none (sign-up verifies no e-mail, so being first to register an address proves
 * nothing; `npm run admin:create` makes a new admin). Returns who was promoted and which
 * addresses have no account.
 */
export async function promoteAdmins(db: Db, emails: string[]): Promise<{ promoted: User[]; missing: string[] }> {
  const promoted: User[] = [];
  const missing: string[] = [];
  for (const email of emails) {
    const user = await findUserByEmail(db, email);
    if (!user) missing.push(normalizeEmail(email));
    else if (user.role !== "admin") {
      await setRole(db, user.id, "admin");
      promoted.push({ ...user, role: "admin" });
    }
  }
  return { promoted, missing };
}

/** The address is proved (a followed link, or an admin said so); `email` moves the account to a new one. */
export async function markEmailVerified(db: Db, userId: number, email?: string): Promise<void> {
  await db
    .update(users)
    .set({ email_verified: true, ...(email ? { email: normalizeEmail(email) } : {}) })
    .where(eq(users.id, userId));
}
