/**
 * The pending entries of a card store: the inputs of the cards live pages name that are not
 * drawn yet, one row per card hash in `<store>/pending.db` (SQLite). A cold full build leaves one
 * per page, 200,000 at 100k tools: as a file each they cost an inode apiece (a fifth of the
 * build's time went to creating them), and counting them meant listing them all. Every process
 * that touches the store (render workers, the drain, the server) opens the file itself; SQLite
 * serialises their writes. The render worker loads this module in plain Node (types stripped).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";

/** The pending entries' database inside a card store. */
export const PENDING_DB = "pending.db";

const clients = new Map<string, Promise<Client>>();

/**
 * This process's connection to the pending entries of `store`, made (with its table) on first
 * use; null for a store that has none yet and `create` unset: reading never makes the file (a
 * request for a card of a site without cards leaves no trace).
 */
function pending(store: string, create: boolean): Promise<Client> | null {
  let client = clients.get(store);
  if (!client && !create && !existsSync(join(store, PENDING_DB))) return null;
  if (!client) {
    client = (async () => {
      mkdirSync(store, { recursive: true });
      const opened = createClient({ url: `file:${join(store, PENDING_DB)}` });
      // Several processes write (build workers, the drain, the server): a writer waits its turn.
      await opened.execute("PRAGMA busy_timeout = 10000");
      await opened.execute("PRAGMA journal_mode = WAL");
      await opened.execute("PRAGMA synchronous = NORMAL");
      await opened.execute(
        "CREATE TABLE IF NOT EXISTS pending (hash TEXT PRIMARY KEY, entry TEXT NOT NULL) WITHOUT ROWID",
      );
      return opened;
    })();
    client.catch(() => clients.delete(store));
    clients.set(store, client);
  }
  return client;
}

/** Adds entries (hash, JSON) in one transaction; a hash already pending keeps its entry (same input). */
export async function addPending(store: string, entries: [string, string][]): Promise<void> {
  if (entries.length === 0) return;
  const db = await pending(store, true);
  await db?.batch(
    entries.map(([hash, entry]) => ({
      sql: "INSERT OR IGNORE INTO pending (hash, entry) VALUES (?, ?)",
      args: [hash, entry],
    })),
    "write",
  );
}

/** The entry (JSON text) of pending card `hash`, or null. */
export async function pendingEntry(store: string, hash: string): Promise<string | null> {
  const db = await pending(store, false);
  if (!db) return null;
  const { rows } = await db.execute({ sql: "SELECT entry FROM pending WHERE hash = ?", args: [hash] });
  const entry = rows[0]?.entry;
  return typeof entry === "string" ? entry : null;
}

/** Drops the entries of `hashes` (drawn, or not worth keeping). */
export async function removePending(store: string, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  const db = await pending(store, false);
  await db?.batch(
    hashes.map((hash) => ({ sql: "DELETE FROM pending WHERE hash = ?", args: [hash] })),
    "write",
  );
}

/** How many cards are pending. */
export async function countPending(store: string): Promise<number> {
  const db = await pending(store, false);
  if (!db) return 0;
  const { rows } = await db.execute("SELECT count(*) AS n FROM pending");
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` pending hashes after `after`, in order: a walk through the entries a page at a time. */
export async function pendingHashes(store: string, after: string, limit: number): Promise<string[]> {
  const db = await pending(store, false);
  if (!db) return [];
  const { rows } = await db.execute({
    sql: "SELECT hash FROM pending WHERE hash > ? ORDER BY hash LIMIT ?",
    args: [after, limit],
  });
  return rows.map((row) => String(row.hash));
}
