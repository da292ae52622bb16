import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type Client, createClient } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import * as schema from "./schema";
import type { Snapshot } from "./snapshot";
import { gateTransactions } from "./transaction-gate";

export type Db = LibSQLDatabase<typeof schema> & { $client: Client };

export type DbOptions = {
  url: string;
  authToken?: string;
  /** Local file kept in sync with a remote libSQL server (embedded replica). */
  syncUrl?: string;
};

/** The file a `file:` DATABASE_URL names (without its query); null for a remote or in-memory one. */
export function localDatabasePath(url: string): string | null {
  if (!url.startsWith("file:") || url === "file::memory:") return null;
  return url.slice("file:".length).split("?")[0] ?? "";
}

/**
 * Opens the database. For a local file: WAL (readers never wait for the writer), a busy timeout
 * so concurrent processes queue instead of failing, and foreign keys on.
 */
export async function openDb(options: DbOptions): Promise<Db> {
  const local = options.url.startsWith("file:");
  const path = localDatabasePath(options.url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const raw = createClient({
    url: options.url,
    authToken: options.authToken,
    syncUrl: options.syncUrl,
    intMode: "number",
    // One connection for a local file: the PRAGMAs below are per connection, so a pool would
    // hand out connections without foreign keys or a busy timeout. The embedded driver runs
    // statements synchronously anyway, so more connections would not run more at once.
    ...(local ? { concurrency: 1, timeout: 5000 } : {}),
  });
  const client = local ? gateTransactions(raw) : raw;
  if (local) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA busy_timeout = 5000");
    await client.execute("PRAGMA synchronous = NORMAL");
    // Deleted rows (a day's analytics salt, a removed account) are overwritten with zeros in the
    // file instead of lingering in free space where anyone holding the file could read them.
    await client.execute("PRAGMA secure_delete = ON");
    walFiles.add(client);
  }
  await client.execute("PRAGMA foreign_keys = ON");
  return drizzle(client, { schema }) as Db;
}

/** The clients of local files (WAL), which `closeDb` checkpoints; a remote libSQL URL has no WAL. */
const walFiles = new WeakSet<Client>();

/**
 * Closes the database. A local file's WAL is first copied into the file and truncated, so the
 * file alone holds every commit: the driver may keep the connection open until the process exits
 * (so SQLite's own checkpoint at close never runs), and a WAL left beside the file would be
 * replayed over a restored backup.
 */
export async function closeDb(db: Db): Promise<void> {
  try {
    if (walFiles.has(db.$client)) await db.$client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    db.$client.close();
  }
}

/**
 * The Db reading through a snapshot of a local file (db/snapshot.ts): every query runs in one
 * read transaction, so a whole site build sees one consistent state of the data.
 */
export function snapshotDb(snapshot: Snapshot): Db {
  return drizzle(snapshot.view, { schema }) as Db;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Applies every pending migration; safe to call at each start. */
export async function migrateDb(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

/**
 * True when `error` (or what it wraps: drizzle wraps the driver's error) is a UNIQUE constraint
 * failure on `target`, as SQLite names it: "table.column" for an index on one column.
 */
export function isUniqueViolation(error: unknown, target: string): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? "").includes(`UNIQUE constraint failed: ${target}`)) return true;
  }
  return false;
}
