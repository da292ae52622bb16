/**
 * The pending entries of a card store: the inputs of the cards live pages name that are not
 * drawn yet, one row per card hash in `<store>/pending.db` (SQLite; the queries are in
 * db/queries/pending-cards.ts). A cold full build leaves one per page, 200,000 at 100k tools: as
 * a file each they cost an inode apiece (a fifth of the build's time went to creating them), and
 * counting them meant listing them all. Every process that touches the store (render workers,
 * the drain, the server) opens the file itself; SQLite serialises their writes. The render worker
 * loads this module in plain Node (types stripped).
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import {
  countPendingRows,
  createPendingTable,
  deletePending,
  insertPending,
  pendingHashesAfter,
  selectPending,
} from "../db/queries/pending-cards.ts";

/** The pending entries' database inside a card store. */
export const PENDING_DB = "pending.db";

const clients = new Map<string, Promise<Client>>();

/**
 * This process's connection to the pending entries of `store`, made (with its table) on first
 * use; null for a store that has none yet and `create` unset: reading never makes the file (a
 * request for a card of a site without cards leaves no trace).
 */
function pending(store: string, create: true): Promise<Client>;
function pending(store: string, create: false): Promise<Client> | null;
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
      await createPendingTable(opened);
      return opened;
    })();
    client.catch(() => clients.delete(store));
    clients.set(store, client);
  }
  return client;
}

/** Adds entries (hash, JSON); a hash already pending keeps its entry (same input). */
export async function addPending(store: string, entries: [string, string][]): Promise<void> {
  if (entries.length > 0) await insertPending(await pending(store, true), entries);
}

/** The entry (JSON text) of pending card `hash`, or null. */
export async function pendingEntry(store: string, hash: string): Promise<string | null> {
  const db = await pending(store, false);
  return db ? selectPending(db, hash) : null;
}

/** Drops the entries of `hashes` (drawn, or not worth keeping). */
export async function removePending(store: string, hashes: string[]): Promise<void> {
  const db = await pending(store, false);
  if (db) await deletePending(db, hashes);
}

/** How many cards are pending. */
export async function countPending(store: string): Promise<number> {
  const db = await pending(store, false);
  return db ? countPendingRows(db) : 0;
}

/** Up to `limit` pending hashes after `after`, in order: a walk through the entries a page at a time. */
export async function pendingHashes(store: string, after: string, limit: number): Promise<string[]> {
  const db = await pending(store, false);
  return db ? pendingHashesAfter(db, after, limit) : [];
}
