import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb } from "../db/client";
import { createUser, markEmailVerified } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { kill9, killAllServers, type ServerProcess, spawnScript, startServerProcess } from "./testing/server-process";
import { signToken } from "./tokens";

/**
 * npm run db:restore with real server processes on a real database file: what is restored is
 * exactly the backup, whether the server was stopped cleanly or killed (its WAL is never replayed
 * over the backup), and nothing is touched while a server holds the database.
 */
const SECRET = "restore-test-secret-restore-test-secret-00";
let dir: string;
let memberToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-restore-"));
  const template = await openDb({ url: `file:${join(dir, "template.db")}` });
  await migrateDb(template);
  const member = await createUser(template, "member@example.com", await hashPassword("restore-password"), "user");
  if (!member) throw new Error("could not create the member");
  // A member with a confirmed address may submit (SUBMIT_REQUIRES_VERIFIED_EMAIL).
  await markEmailVerified(template, member.id);
  memberToken = await signToken(new TextEncoder().encode(SECRET), member.id, 0, "1h");
  template.$client.close();
});

afterEach(() => killAllServers());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh database file for one test, holding the member (a backup of the template). */
async function freshDatabase(name: string): Promise<string> {
  const file = join(dir, `${name}.db`);
  const template = await openDb({ url: `file:${join(dir, "template.db")}` });
  await template.$client.execute({ sql: "VACUUM INTO ?", args: [file] });
  template.$client.close();
  return file;
}

const start = (file: string) => startServerProcess(file, join(dir, "site"), SECRET);

/** Submits tools named `label 0..n-1` through the API; resolves with their slugs once acknowledged. */
async function submit(server: ServerProcess, label: string, n: number): Promise<string[]> {
  const slugs: string[] = [];
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${server.base}/api/tools/`, {
      method: "POST",
      headers: { authorization: `Bearer ${memberToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `${label} ${i}`, description: "Restore test" }),
    });
    expect(response.status).toBe(201);
    slugs.push(((await response.json()) as { slug: string }).slug);
  }
  return slugs;
}

/** Runs an npm script's entry point on `file`; resolves with its exit code and output. */
async function run(script: string, file: string, ...args: string[]) {
  const proc = spawnScript(script, args, { DATABASE_URL: `file:${file}`, JWT_SECRET: SECRET, NODE_ENV: "test" });
  const output = await proc.exited;
  return { code: proc.child.exitCode, output };
}

/** Runs an npm script's entry point with these settings; resolves with its exit code and output. */
async function runWith(script: string, env: Record<string, string>, ...args: string[]) {
  const proc = spawnScript(script, args, { JWT_SECRET: SECRET, NODE_ENV: "test", ...env });
  const output = await proc.exited;
  return { code: proc.child.exitCode, output };
}

/** The slugs of every tool in the file, opened afresh as a restarted server would. */
async function toolSlugs(file: string): Promise<string[]> {
  const db = await openDb({ url: `file:${file}` });
  try {
    expect(String((await db.$client.execute("PRAGMA integrity_check")).rows[0]?.[0])).toBe("ok");
    return (await db.$client.execute("SELECT slug FROM tools ORDER BY slug")).rows.map((r) => String(r.slug));
  } finally {
    db.$client.close();
  }
}

/** Backup, more writes, then the server goes (`stop`), then db:restore of the backup. */
async function backupWriteStopRestore(name: string, stop: (server: ServerProcess, file: string) => Promise<void>) {
  const file = await freshDatabase(name);
  const server = await start(file);
  const backedUp = await submit(server, `${name} before`, 3);
  const backup = join(dir, `${name}-backup.db`);
  expect((await run("scripts/backup.ts", file, backup)).code).toBe(0);
  const after = await submit(server, `${name} after`, 3);
  await stop(server, file);
  const restore = await run("scripts/restore.ts", file, backup);
  return { file, backup, backedUp, after, restore };
}

/** Files in the test folder whose names start with `prefix`, other than the database's own. */
const leftovers = (prefix: string) => readdirSync(dir).filter((f) => f.startsWith(prefix));

describe("npm run db:backup and db:restore of the images", () => {
  it("carries MEDIA_DIR beside the backup and puts it back on a machine that has none", async () => {
    const file = await freshDatabase("media");
    const live = join(dir, "media-live");
    mkdirSync(live);
    writeFileSync(join(live, "0123abcd-96.webp"), "an uploaded logo");
    const backup = join(dir, "media-backup.db");
    const backedUp = await runWith("scripts/backup.ts", { DATABASE_URL: `file:${file}`, MEDIA_DIR: live }, backup);
    expect(backedUp.code).toBe(0);
    expect(backedUp.output).toContain("media-backup.media: 1 files");
    expect(readFileSync(join(dir, "media-backup.media", "0123abcd-96.webp"), "utf8")).toBe("an uploaded logo");

    // Another machine: a new database path and an empty MEDIA_DIR.
    mkdirSync(join(dir, "elsewhere"));
    const fresh = join(dir, "elsewhere", "media");
    const restored = await runWith(
      "scripts/restore.ts",
      { DATABASE_URL: `file:${join(dir, "elsewhere", "app.db")}`, MEDIA_DIR: fresh },
      backup,
    );
    expect(restored.code).toBe(0);
    expect(restored.output).toContain("(1 files; those already there kept)");
    expect(readFileSync(join(fresh, "0123abcd-96.webp"), "utf8")).toBe("an uploaded logo");
  });

  it("refuses a DATABASE_URL that names no database rather than back up an empty one", async () => {
    const typo = join(dir, "typo.db");
    const result = await runWith("scripts/backup.ts", { DATABASE_URL: `file:${typo}` }, join(dir, "typo-backup.db"));
    expect(result.code).toBe(2);
    expect(result.output).toContain("does not exist: nothing to back up");
    expect(existsSync(typo)).toBe(false);
    expect(existsSync(join(dir, "typo-backup.db"))).toBe(false);
  });
});

describe("npm run db:restore", () => {
  it("after a clean stop restores exactly the backup, and keeps the replaced file beside it", async () => {
    let walAfterStop = -1;
    const { file, backedUp, after, restore } = await backupWriteStopRestore("clean", async (server, file) => {
      const exited = new Promise((r) => server.child.once("exit", r));
      server.child.kill("SIGTERM");
      await exited;
      expect(server.child.exitCode).toBe(0);
      // The shutdown copied its WAL into the file: nothing is left to replay over another file.
      walAfterStop = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
    });
    expect(walAfterStop).toBe(0);
    expect(restore.code).toBe(0);
    expect(restore.output).toMatch(/checked .*: integrity ok/);
    expect(restore.output).toMatch(/kept the replaced database as .*clean\.db\.replaced-/);
    expect(await toolSlugs(file)).toEqual([...backedUp].sort());
    // The replaced database, kept beside it, still holds the writes made after the backup.
    const [replaced] = leftovers("clean.db.replaced-").filter((f) => !f.endsWith("-wal") && !f.endsWith("-shm"));
    expect(replaced).toBeDefined();
    expect(await toolSlugs(join(dir, replaced ?? ""))).toEqual([...backedUp, ...after].sort());
    // A server started on the restored file runs on the backup's rows.
    const restarted = await start(file);
    expect((await fetch(`${restarted.base}/api/health`)).status).toBe(200);
    // Every session from before the restore is signed out: the backup knows nothing of the
    // sign-outs, password changes and new accounts (whose ids it hands out again) since.
    expect(restore.output).toContain("every session from before this restore is signed out");
    const me = (token: string) =>
      fetch(`${restarted.base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect((await me(memberToken)).status).toBe(401);
    const signin = await fetch(`${restarted.base}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "member@example.com", password: "restore-password" }),
    });
    expect(signin.status).toBe(200);
    expect((await me(((await signin.json()) as { access_token: string }).access_token)).status).toBe(200);
    await kill9(restarted);
    expect(await toolSlugs(file)).toEqual([...backedUp].sort());
  });

  it("after kill -9 restores exactly the backup, never the dead server's WAL", async () => {
    const { file, backedUp, after, restore } = await backupWriteStopRestore("killed", kill9);
    expect(restore.output).toContain("checkpointed the WAL");
    expect(restore.code).toBe(0);
    expect(await toolSlugs(file)).toEqual([...backedUp].sort());
    // The dead server's committed writes were checkpointed into the replaced file before it moved.
    const [replaced] = leftovers("killed.db.replaced-").filter((f) => !f.endsWith("-wal") && !f.endsWith("-shm"));
    expect(await toolSlugs(join(dir, replaced ?? ""))).toEqual([...backedUp, ...after].sort());
  });

  it("refuses while a server holds the database, and changes nothing", async () => {
    const file = await freshDatabase("busy");
    const server = await start(file);
    const slugs = await submit(server, "busy", 2);
    const backup = join(dir, "busy-backup.db");
    expect((await run("scripts/backup.ts", file, backup)).code).toBe(0);
    const restore = await run("scripts/restore.ts", file, backup);
    expect(restore.code).toBe(3);
    expect(restore.output).toContain("is in use (a server or another process has it open): stop it first");
    expect(leftovers("busy.db.replaced-")).toEqual([]);
    expect(leftovers(".busy.db.restore-")).toEqual([]);
    // The server goes on with its database, writes included.
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    await kill9(server);
    expect(await toolSlugs(file)).toEqual([...slugs].sort());
  });

  it("refuses a damaged backup or a file that is not this application's database before touching anything", async () => {
    const file = await freshDatabase("damaged");
    const server = await start(file);
    const slugs = await submit(server, "damaged", 2);
    const backup = join(dir, "damaged-backup.db");
    expect((await run("scripts/backup.ts", file, backup)).code).toBe(0);
    await kill9(server);
    const whole = readFileSync(backup);
    const truncated = join(dir, "truncated.db");
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreign = join(dir, "foreign.db");
    const other = await openDb({ url: `file:${foreign}` });
    await other.$client.execute("CREATE TABLE notes (body TEXT)");
    other.$client.close();
    for (const [bad, message] of [
      [truncated, "is damaged"],
      [foreign, "is not a database of this application"],
      [join(dir, "missing.db"), "no such file"],
    ] as const) {
      const restore = await run("scripts/restore.ts", file, bad);
      expect(restore.code).toBe(2);
      expect(restore.output).toMatch(message);
    }
    // Into a folder that does not exist: refused with the reason, not a crash.
    const nowhere = await run("scripts/restore.ts", join(dir, "no-such-folder", "app.db"), backup);
    expect(nowhere.code).toBe(2);
    expect(nowhere.output).toContain("(the folder of DATABASE_URL) does not exist");
    expect(leftovers("damaged.db.replaced-")).toEqual([]);
    expect(leftovers(".damaged.db.restore-")).toEqual([]);
    expect(await toolSlugs(file)).toEqual([...slugs].sort());
  });
});
