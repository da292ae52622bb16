import { closeSync, copyFileSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { SESSIONS_VALID_FROM } from "./queries/users";

/** Why a restore did not start; nothing was changed. */
export class RestoreRefused extends Error {
  constructor(
    message: string,
    /** The process exit code: 2 for an unusable backup, 3 while another process holds the database. */
    readonly exitCode: 2 | 3,
  ) {
    super(message);
  }
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/** Writes the file's (or folder's) data to the disk before anything depends on it. */
function syncToDisk(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const isBusy = (error: unknown) => /SQLITE_BUSY|database is locked/i.test(String(error));

/** The one row of a single-value statement. */
async function value(client: Client, sql: string): Promise<unknown> {
  return (await client.execute(sql)).rows[0]?.[0];
}

/**
 * Checks the copy at `file`: intact (PRAGMA integrity_check) and a database of this application
 * (it has the migrations table). Returns how many tools it holds.
 */
async function checkBackup(file: string, backup: string): Promise<number> {
  const client = createClient({ url: `file:${file}`, intMode: "number" });
  try {
    await client.execute("PRAGMA query_only = ON");
    const integrity = String(await value(client, "PRAGMA integrity_check"));
    if (integrity !== "ok") throw new RestoreRefused(`${backup} is damaged (integrity_check: ${integrity})`, 2);
    const migrated = await value(client, "SELECT count(*) FROM sqlite_master WHERE name = '__drizzle_migrations'");
    if (Number(migrated) === 0) throw new RestoreRefused(`${backup} is not a database of this application`, 2);
    return Number(await value(client, "SELECT count(*) FROM tools"));
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `${backup} is damaged or not a database (${error instanceof Error ? error.message : error})`,
      2,
    );
  } finally {
    client.close();
  }
}

/**
 * Marks the copy so that no session token signed before now is accepted (api/middleware/auth.ts):
 * the backup rolls back sign-outs, password changes and the account ids handed out since, so a
 * token from after the backup could otherwise speak for a revoked session or another account.
 */
async function signOutEveryone(file: string): Promise<void> {
  const client = createClient({ url: `file:${file}`, intMode: "number" });
  try {
    await client.execute({
      sql: "INSERT OR REPLACE INTO site_state (key, value) VALUES (?, ?)",
      args: [SESSIONS_VALID_FROM, String(Math.floor(Date.now() / 1000))],
    });
    // Into the file itself: only the file is renamed into place.
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  } finally {
    client.close();
  }
}

/**
 * Takes the database at `path` for this process alone and copies its WAL into it. A server that
 * runs keeps the file open (and so locked) for as long as it runs; one that crashed holds nothing,
 * and its committed WAL is kept by the checkpoint. Refuses while another process holds the file.
 */
async function takeOver(path: string, say: (line: string) => void): Promise<Client | null> {
  const client = createClient({ url: `file:${path}`, intMode: "number" });
  try {
    await client.execute("PRAGMA busy_timeout = 1000");
    // In WAL mode every open connection holds a shared lock on the file; exclusive locking mode
    // makes the first read wait for an exclusive one, which only a database nobody holds gives.
    await client.execute("PRAGMA locking_mode = EXCLUSIVE");
    await client.execute("SELECT count(*) FROM sqlite_master");
  } catch (error) {
    client.close();
    if (isBusy(error)) {
      throw new RestoreRefused(
        `${path} is in use (a server or another process has it open): stop it first; nothing was changed`,
        3,
      );
    }
    say(`the current database does not open (${error instanceof Error ? error.message : error}); kept as it is`);
    return null;
  }
  const row = (await client.execute("PRAGMA wal_checkpoint(TRUNCATE)")).rows[0];
  if (Number(row?.busy) !== 0) throw new RestoreRefused(`${path} is in use: its WAL could not be checkpointed`, 3);
  // (No page count: after a TRUNCATE checkpoint SQLite reports the emptied WAL's, always 0.)
  say(`checkpointed the WAL of ${path} into it`);
  return client;
}

/**
 * Replaces the database file at `path` with a copy of `backup` (npm run db:restore), following
 * SQLite's rule that a WAL database is the file plus its -wal and -shm: the backup is copied and
 * checked before anything is touched, the current database is taken (refused while a server holds
 * it) and checkpointed, its -wal and -shm are removed (a non-empty WAL is kept beside it), the file
 * is kept as `<name>.replaced-<time>`, and the checked copy is renamed into place. Each step is
 * reported through `say`; returns how many tools the restored database holds.
 */
export async function restoreDatabase(path: string, backup: string, say: (line: string) => void): Promise<number> {
  if (!existsSync(backup) || !statSync(backup).isFile()) throw new RestoreRefused(`${backup}: no such file`, 2);
  if (resolve(backup) === resolve(path)) throw new RestoreRefused(`${backup} is the database itself`, 2);
  const time = stamp();
  // The copy is made in the database's folder, so the final rename is atomic.
  const incoming = join(dirname(path), `.${basename(path)}.restore-${time}`);
  const discardIncoming = () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${incoming}${suffix}`, { force: true });
  };
  let tools: number;
  try {
    if (!existsSync(dirname(path))) {
      throw new RestoreRefused(`${dirname(path)} (the folder of DATABASE_URL) does not exist: create it first`, 2);
    }
    copyFileSync(backup, incoming);
    syncToDisk(incoming);
    tools = await checkBackup(incoming, backup);
    await signOutEveryone(incoming);
  } catch (error) {
    discardIncoming();
    throw error;
  }
  say(`checked ${backup}: integrity ok, ${tools} tools`);
  say("every session from before this restore is signed out (members sign in again)");

  let current: Client | null = null;
  try {
    current = existsSync(path) ? await takeOver(path, say) : null;
  } catch (error) {
    discardIncoming();
    throw error;
  }
  const replaced = `${path}.replaced-${time}`;
  if (existsSync(path)) {
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) {
      // Not checkpointed (the file did not open): kept with the file it belongs to, never replayed
      // over the restored one. SQLite reads it again when `replaced` is opened.
      renameSync(wal, `${replaced}-wal`);
      say(`moved ${wal} to ${replaced}-wal`);
    } else if (existsSync(wal)) {
      rmSync(wal);
      say(`removed ${wal}`);
    }
    if (existsSync(`${path}-shm`)) {
      rmSync(`${path}-shm`);
      say(`removed ${path}-shm`);
    }
    renameSync(path, replaced);
    say(`kept the replaced database as ${replaced}`);
  }
  current?.close();
  renameSync(incoming, path);
  syncToDisk(dirname(path));
  say(`restored ${backup} into ${path}`);
  return tools;
}
