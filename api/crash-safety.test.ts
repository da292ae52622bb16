import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../db/client";
import { listBuilds } from "../db/queries/builds";
import { createCategory } from "../db/queries/categories";
import { createTool, getTool, updateTool } from "../db/queries/tools";
import { createUser, markEmailVerified } from "../db/queries/users";
import { hashPassword } from "./passwords";
import { kill9, killAllServers, type ServerProcess, spawnScript, startServerProcess } from "./testing/server-process";
import { signToken } from "./tokens";

/**
 * Crash safety with real processes: the server is killed with SIGKILL in the middle of a CSV
 * import and under write load, then started again on the same database file. Nothing that was
 * acknowledged may be lost, nothing half-done may remain, and the file must stay intact.
 */
const SECRET = "crash-test-secret-crash-test-secret-000000";
const root = resolve(import.meta.dirname, "..");
let dir: string;
let dbFile: string;
let adminToken: string;
let memberToken: string;
let category: number;

/** `npm start`'s server on its own port, API only (this test is about the database). */
function startServer(file = dbFile): Promise<ServerProcess> {
  return startServerProcess(file, join(dir, "site"), SECRET, { MAX_CSV_BYTES: String(50 * 1024 * 1024) });
}

/** Opens the file afresh (as a restarted server would) and runs `read` on it. */
async function inspect<T>(read: (db: Db) => Promise<T>, file = dbFile): Promise<T> {
  const db = await openDb({ url: `file:${file}` });
  try {
    return await read(db);
  } finally {
    db.$client.close();
  }
}

const integrity = (file = dbFile) =>
  inspect(async (db) => String((await db.$client.execute("PRAGMA integrity_check")).rows[0]?.[0]), file);
const count = (table: string, file = dbFile) =>
  inspect(async (db) => Number((await db.$client.execute(`SELECT count(*) FROM ${table}`)).rows[0]?.[0]), file);

const json = (token: string, body: unknown) => ({
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});

type Acked = { saves: number[]; reviews: string[]; tools: string[] };

/**
 * Writers that save tools, review them and submit new ones until `stop` says so, remembering
 * every write the server acknowledged (2xx). Failed requests are expected once it is killed.
 */
function writeLoad(base: string, firstTool: number, writers: number, label: string) {
  const acked: Acked = { saves: [], reviews: [], tools: [] };
  let next = firstTool;
  let n = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const tool = next++;
      const kind = n++ % 3;
      try {
        if (kind === 0) {
          const r = await fetch(`${base}/api/tools/${tool}/save`, json(memberToken, {}));
          if (r.ok) acked.saves.push(tool);
        } else if (kind === 1) {
          const comment = `${label} review ${tool}`;
          const r = await fetch(`${base}/api/reviews/tool/${tool}`, json(memberToken, { rating: 4, comment }));
          if (r.ok) acked.reviews.push(comment);
        } else {
          const name = `${label} submission ${tool}`;
          const r = await fetch(`${base}/api/tools/`, json(memberToken, { name, description: "Crash test" }));
          if (r.ok) acked.tools.push(((await r.json()) as { slug: string }).slug);
        }
      } catch {
        // The connection died with the server; this write was never acknowledged.
      }
    }
  };
  const all = Array.from({ length: writers }, worker);
  const total = () => acked.saves.length + acked.reviews.length + acked.tools.length;
  return {
    acked,
    /** Resolves once `n` writes of the kinds `of` picks are acknowledged (polled as they land). */
    acknowledged: async (n: number, of: (a: Acked) => number = total) => {
      while (of(acked) < n) await new Promise((r) => setTimeout(r, 10));
    },
    stop: async () => {
      stopped = true;
      await Promise.all(all);
    },
  };
}

/** How many acknowledged writes are missing from the database file. */
async function lostWrites(acked: Acked, file = dbFile): Promise<number> {
  return inspect(async (db) => {
    let lost = 0;
    for (const tool of acked.saves) {
      const r = await db.$client.execute({ sql: "SELECT 1 FROM saves WHERE tool_id = ?", args: [tool] });
      if (r.rows.length === 0) lost++;
    }
    for (const comment of acked.reviews) {
      const r = await db.$client.execute({ sql: "SELECT 1 FROM reviews WHERE comment = ?", args: [comment] });
      if (r.rows.length === 0) lost++;
    }
    for (const slug of acked.tools) {
      const r = await db.$client.execute({ sql: "SELECT 1 FROM tools WHERE slug = ?", args: [slug] });
      if (r.rows.length === 0) lost++;
    }
    return lost;
  }, file);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-crash-"));
  dbFile = join(dir, "app.db");
  const db = await openDb({ url: `file:${dbFile}` });
  await migrateDb(db);
  const hash = await hashPassword("crash-password");
  const admin = await createUser(db, "admin@example.com", hash, "admin");
  const member = await createUser(db, "member@example.com", hash, "user");
  if (!admin || !member) throw new Error("could not create the accounts");
  // A member with a confirmed address may submit (SUBMIT_REQUIRES_VERIFIED_EMAIL).
  await markEmailVerified(db, member.id);
  adminToken = await signToken(new TextEncoder().encode(SECRET), admin.id, 0, "1h");
  memberToken = await signToken(new TextEncoder().encode(SECRET), member.id, 0, "1h");
  category = (await createCategory(db, { name: "Writing", slug: "writing" })).id;
  // Tools for the writers to save and review: each write touches its own tool.
  for (let i = 0; i < 3000; i++) await createTool(db, { name: `Target ${i}`, category_id: category }, null);
  db.$client.close();
});

afterEach(() => {
  killAllServers();
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function csv(rows: number, label: string): Blob {
  const lines = ["name,description,website_url,category,pricing_type"];
  for (let i = 0; i < rows; i++)
    lines.push(`${label} tool ${i},Imported in bulk,https://example.com/${i},Writing,free`);
  return new Blob([lines.join("\n")], { type: "text/csv" });
}

describe("kill -9", () => {
  it("during a CSV import leaves all of it or none of it, and an intact file", async () => {
    const outcomes: string[] = [];
    for (const [round, delay] of [100, 600, 1500].entries()) {
      const server = await startServer();
      const before = await count("tools");
      const form = new FormData();
      form.set("file", csv(4000, `Round ${round}`), "tools.csv");
      const upload = fetch(`${server.base}/api/admin/tools/upload-csv`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}` },
        body: form,
      }).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await kill9(server);
      const answer = await upload;
      expect(await integrity()).toBe("ok");
      const after = await count("tools");
      // Acknowledged means imported in full; otherwise nothing at all.
      if (answer?.ok) expect(after).toBe(before + 4000);
      else expect([before, before + 4000]).toContain(after);
      outcomes.push(after === before ? "none" : "all");
      const restarted = await startServer();
      expect((await fetch(`${restarted.base}/api/health`)).status).toBe(200);
      await kill9(restarted);
    }
    console.log(`CSV import killed 3 times: ${outcomes.join(", ")} of 4,000 rows kept; integrity ok`);
  });

  it("under write load keeps every acknowledged write", async () => {
    let acknowledged = 0;
    let lost = 0;
    for (let round = 0; round < 3; round++) {
      const server = await startServer();
      const load = writeLoad(server.base, 1 + round * 900, 20, `Round ${round}`);
      // Killed while writes pour in: after a first hundred have been acknowledged.
      await load.acknowledged(100);
      await kill9(server);
      await load.stop();
      expect(await integrity()).toBe("ok");
      const roundLost = await lostWrites(load.acked);
      const roundAcked = load.acked.saves.length + load.acked.reviews.length + load.acked.tools.length;
      expect(roundAcked).toBeGreaterThan(0);
      expect(roundLost).toBe(0);
      acknowledged += roundAcked;
      lost += roundLost;
    }
    console.log(`kill -9 rounds survived: 3, acknowledged writes: ${acknowledged}, lost: ${lost}`);
  });
});

describe("kill -9 of a process mid-build", () => {
  /** A site builder in its own process (rebuild/testing/build-process.ts) on `file`. */
  const builderProcess = (file: string, siteDir: string, ...args: string[]) =>
    spawnScript("rebuild/testing/build-process.ts", args, { DATABASE_URL: `file:${file}`, SITE_DIR: siteDir });

  it("keeps the previous site live, and the restarted process takes the lock over and repairs it", async () => {
    const file = join(dir, "build-crash.db");
    const siteDir = join(dir, "build-crash-site");
    const db = await openDb({ url: `file:${file}` });
    await migrateDb(db);
    const writing = await createCategory(db, { name: "Writing", slug: "writing" });
    for (let i = 0; i < 1500; i++) await createTool(db, { name: `Page ${i}`, category_id: writing.id }, null);
    const livePage = () => readFileSync(join(siteDir, "current/tool/page-7/index.html"), "utf8");
    try {
      const first = await builderProcess(file, siteDir, "build", "first").exited;
      expect(first).toContain("site built:");
      const firstBuild = realpathSync(join(siteDir, "current"));
      // Its new description can only be in a build made after the crash.
      const target = await getTool(db, { slug: "page-7" });
      if (!target) throw new Error("page-7 is missing");
      await updateTool(db, target.id, { description: "Written after the crash" });

      const doomed = builderProcess(file, siteDir, "build", "to be killed");
      // Killed once Astro writes into the new build's folder: rendering, not yet live.
      let building: string | undefined;
      while (!building) {
        const row = (await listBuilds(db, 1)).find((b) => b.reason === "to be killed");
        building = row && readdirSync(join(siteDir, "builds")).find((name) => name.endsWith(`-${row.id}`));
        if (!building) await new Promise((r) => setTimeout(r, 10));
      }
      doomed.child.kill("SIGKILL");
      await doomed.exited;
      const [killed] = await listBuilds(db, 1);
      expect(killed).toMatchObject({ reason: "to be killed", outcome: "running" });
      // Throughout: the previous build is the live one, whole.
      expect(realpathSync(join(siteDir, "current"))).toBe(firstBuild);
      expect(existsSync(join(siteDir, "current/index.html"))).toBe(true);
      expect(livePage()).not.toContain("Written after the crash");

      // A restart does not wait out the dead process's lease: it takes the lock and rebuilds.
      const restart = await builderProcess(file, siteDir, "start").exited;
      expect(restart).toContain("done");
      expect(restart).toMatch(/build lock taken over from .*, which no longer runs/);
      const [latest, interrupted] = await listBuilds(db, 2);
      expect(interrupted).toMatchObject({ reason: "to be killed", outcome: "failed" });
      expect(latest).toMatchObject({ reason: "the previous update was interrupted", outcome: "ok" });
      expect(realpathSync(join(siteDir, "current"))).not.toBe(firstBuild);
      expect(livePage()).toContain("Written after the crash");
      console.log("build killed mid-way: previous site stayed live; restart took the lock over and rebuilt");
    } finally {
      db.$client.close();
    }
  });
});

describe("npm run db:backup", () => {
  it("copies a consistent database while writes go on, and the copy serves", async () => {
    const server = await startServer();
    const load = writeLoad(server.base, 2800, 10, "Backup");
    // The backup starts while writes go on: after some submissions have been acknowledged.
    await load.acknowledged(10, (a) => a.tools.length);
    const ackedBefore = load.acked.tools.length;
    const backup = join(dir, "backup.db");
    const code = await new Promise<number | null>((done) =>
      spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", backup], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: `file:${dbFile}`, JWT_SECRET: SECRET },
        stdio: "ignore",
      }).once("exit", done),
    );
    await load.stop();
    await kill9(server);
    expect(code).toBe(0);
    expect(await integrity(backup)).toBe("ok");
    // Every tool acknowledged before the backup started is in it.
    const copied = await lostWrites({ saves: [], reviews: [], tools: load.acked.tools.slice(0, ackedBefore) }, backup);
    expect(copied).toBe(0);
    // Restored: a server on a copy of the backup answers with its tools.
    const restored = join(dir, "restored.db");
    copyFileSync(backup, restored);
    const tools = await count("tools", restored);
    const restoredServer = await startServer(restored);
    const response = await fetch(`${restoredServer.base}/api/tools/?limit=1`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(1);
    await kill9(restoredServer);
    console.log(`backup under load: integrity ok, ${tools} tools, restored and served`);
  });
});
