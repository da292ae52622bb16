import type { Client } from "@libsql/client";

/**
 * The pending social cards of a card store (rebuild/pending-cards.ts opens its file): one row per
 * card hash, its inputs as JSON. Takes a raw client so the render worker, which Node runs without
 * a loader, can write them.
 */

/** Makes the table when the store's file is new. */
export async function createPendingTable(db: Client): Promise<void> {
  await db.execute("CREATE TABLE IF NOT EXISTS pending (hash TEXT PRIMARY KEY, entry TEXT NOT NULL) WITHOUT ROWID");
}

/** Adds entries (hash, JSON) in one transaction; a hash already pending keeps its entry (same input). */
export async function insertPending(db: Client, entries: [string, string][]): Promise<void> {
  if (entries.length === 0) return;
  await db.batch(
    entries.map(([hash, entry]) => ({
      sql: "INSERT OR IGNORE INTO pending (hash, entry) VALUES (?, ?)",
      args: [hash, entry],
    })),
    "write",
  );
}

/** The entry (JSON text) of pending card `hash`, or null. */
export async function selectPending(db: Client, hash: string): Promise<string | null> {
  const { rows } = await db.execute({ sql: "SELECT entry FROM pending WHERE hash = ?", args: [hash] });
  const entry = rows[0]?.entry;
  return typeof entry === "string" ? entry : null;
}

/** Drops the entries of `hashes`, in one transaction. */
export async function deletePending(db: Client, hashes: string[]): Promise<void> {
  if (hashes.length === 0) return;
  await db.batch(
    hashes.map((hash) => ({ sql: "DELETE FROM pending WHERE hash = ?", args: [hash] })),
    "write",
  );
}

export async function countPendingRows(db: Client): Promise<number> {
  const { rows } = await db.execute("SELECT count(*) AS n FROM pending");
  return Number(rows[0]?.n ?? 0);
}

/** Up to `limit` pending hashes after `after`, in order: a walk through the entries a page at a time. */
export async function pendingHashesAfter(db: Client, after: string, limit: number): Promise<string[]> {
  const { rows } = await db.execute({
    sql: "SELECT hash FROM pending WHERE hash > ? ORDER BY hash LIMIT ?",
    args: [after, limit],
  });
  return rows.map((row) => String(row.hash));
}
