import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../client";
import { containsAny, equals, type ListSpec } from "./admin-list";

/**
 * What tells an API key from a member's JWT in `Authorization: Bearer`: a JWT starts with `eyJ`
 * (base64 of `{"`), a key with this prefix.
 */
export const API_KEY_PREFIX = "aitd_";

/** Live keys one member may hold at once: the per-key quota cannot be multiplied without end. */
export const MAX_KEYS_PER_MEMBER = 10;
const KEPT_KEYS = 40;

/** A key as its owner and the admin see it: never the key itself nor its hash. */
export type ApiKeyOut = {
  id: number;
  user_id: number;
  name: string;
  /** The key's first characters, so its owner can tell keys apart. */
  prefix: string;
  request_count: number;
  last_used_at: string | null;
  revoked_at: string | null;
  created_at: string;
};

export type AdminApiKey = ApiKeyOut & { user_email: string };

export const hashApiKey = (key: string) => createHash("sha256").update(key).digest("hex");

const toKey = (r: Record<string, unknown>): ApiKeyOut => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  name: String(r.name),
  prefix: String(r.prefix),
  request_count: Number(r.request_count),
  last_used_at: r.last_used_at == null ? null : String(r.last_used_at),
  revoked_at: r.revoked_at == null ? null : String(r.revoked_at),
  created_at: String(r.created_at),
});

const COLUMNS = "k.id, k.user_id, k.name, k.prefix, k.request_count, k.last_used_at, k.revoked_at, k.created_at";

/**
 * Creates a key for a member and returns it in full (the only time it exists outside the
 * caller's hands), or null when the member already holds MAX_KEYS_PER_MEMBER live keys. The
 * count and the insert are one statement, so parallel creates cannot pass the cap.
 */
export async function createApiKey(
  db: Db,
  userId: number,
  name: string,
): Promise<{ key: string; record: ApiKeyOut } | null> {
  const key = `${API_KEY_PREFIX}${randomBytes(24).toString("base64url")}`;
  // Revoked keys are kept for their history, but only the member's latest KEPT_KEYS rows:
  // creating and revoking in a loop cannot grow the table without end.
  await db.$client.execute({
    sql: `DELETE FROM api_keys WHERE user_id = ? AND revoked_at IS NOT NULL
          AND id NOT IN (SELECT id FROM api_keys WHERE user_id = ? ORDER BY id DESC LIMIT ?)`,
    args: [userId, userId, KEPT_KEYS],
  });
  const result = await db.$client.execute({
    sql: `INSERT INTO api_keys (user_id, name, prefix, key_hash)
          SELECT ?, ?, ?, ? WHERE (SELECT count(*) FROM api_keys WHERE user_id = ? AND revoked_at IS NULL) < ?
          RETURNING id, user_id, name, prefix, request_count, last_used_at, revoked_at, created_at`,
    args: [userId, name, key.slice(0, API_KEY_PREFIX.length + 6), hashApiKey(key), userId, MAX_KEYS_PER_MEMBER],
  });
  const row = result.rows[0];
  return row ? { key, record: toKey(row as unknown as Record<string, unknown>) } : null;
}

/** A member's keys, newest first, revoked ones included (their history stays visible). */
export async function listApiKeys(db: Db, userId: number): Promise<ApiKeyOut[]> {
  const result = await db.$client.execute({
    sql: `SELECT ${COLUMNS} FROM api_keys k WHERE k.user_id = ? ORDER BY k.id DESC`,
    args: [userId],
  });
  return result.rows.map((r) => toKey(r as unknown as Record<string, unknown>));
}

/** The live key with this value, or null (unknown or revoked). */
export async function findLiveApiKey(db: Db, key: string): Promise<{ id: number; user_id: number } | null> {
  const result = await db.$client.execute({
    sql: "SELECT id, user_id FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL",
    args: [hashApiKey(key)],
  });
  const row = result.rows[0];
  return row ? { id: Number(row.id), user_id: Number(row.user_id) } : null;
}

/**
 * Revokes a key: the owner's own (`userId`), or any (`userId` null, the admin). Returns the key
 * as it is now, or null when there is no such key (or it is another member's).
 */
export async function revokeApiKey(db: Db, id: number, userId: number | null): Promise<ApiKeyOut | null> {
  await db.$client.execute({
    sql: `UPDATE api_keys SET revoked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE id = ? AND revoked_at IS NULL AND (? IS NULL OR user_id = ?)`,
    args: [id, userId, userId],
  });
  const result = await db.$client.execute({
    sql: `SELECT ${COLUMNS} FROM api_keys k WHERE k.id = ? AND (? IS NULL OR k.user_id = ?)`,
    args: [id, userId, userId],
  });
  const row = result.rows[0];
  return row ? toKey(row as unknown as Record<string, unknown>) : null;
}

/** Adds `requests` uses to a key, last used at `at`. */
export async function recordApiKeyUse(db: Db, id: number, requests: number, at: Date): Promise<void> {
  await db.$client.execute({
    sql: "UPDATE api_keys SET request_count = request_count + ?, last_used_at = ? WHERE id = ?",
    args: [requests, at.toISOString(), id],
  });
}

/** The admin's list of every member's keys, with the member's e-mail. */
export const apiKeyList: ListSpec<AdminApiKey> = {
  from: "FROM api_keys k JOIN users u ON u.id = k.user_id",
  select: `${COLUMNS}, u.email AS user_email`,
  id: "k.id",
  sort: {
    name: "k.name COLLATE NOCASE",
    user_email: "u.email",
    request_count: "k.request_count",
    last_used_at: "k.last_used_at",
    created_at: "k.created_at",
  },
  filter: {
    q: containsAny(["k.name", "k.prefix", "u.email"]),
    user_id: equals("k.user_id"),
    revoked: (value) => [`k.revoked_at IS ${value === true || value === "true" ? "NOT " : ""}NULL`, []],
  },
  map: (r) => ({ ...toKey(r), user_email: String(r.user_email) }),
};

export async function getAdminApiKey(db: Db, id: number): Promise<AdminApiKey | null> {
  const result = await db.$client.execute({
    sql: `SELECT ${apiKeyList.select} ${apiKeyList.from} WHERE k.id = ?`,
    args: [id],
  });
  const row = result.rows[0];
  return row ? apiKeyList.map(row as unknown as Record<string, unknown>) : null;
}
