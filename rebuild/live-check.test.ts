import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, printed, type ServerProcess, startServerProcess } from "../api/testing/server-process";
import { signToken } from "../api/tokens";
import { type Db, migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";
import { createUser } from "../db/queries/users";
import { CODE_VERSION_FILE } from "./code-version";
import { SiteBuilder } from "./scheduler";

/**
 * The live site always shows the database the server runs on: a server started on a new database
 * (or a restored one) while the site folder holds a build of another never serves that build.
 */
const SECRET = "live-site-secret-live-site-secret-live-0000";
let dir: string;
let siteDir: string;

/** A migrated database file with one category and the named tool. */
async function database(name: string, tool: string): Promise<{ file: string; db: Db }> {
  const file = join(dir, `${name}.db`);
  const db = await openDb({ url: `file:${file}` });
  await migrateDb(db);
  const category = await createCategory(db, { name: "Writing", slug: "writing" });
  await createTool(db, { name: tool, description: `${tool} text`, category_id: category.id }, null);
  return { file, db };
}

/** `npm start`'s server with its site builder, on `file`. */
const start = (file: string) =>
  startServerProcess(file, siteDir, SECRET, { SITE_BUILDER: "true", REBUILD_INTERVAL_MS: "0" });

/** Waits until the server has either built the site or settled on the build it found. */
const ready = (server: ServerProcess) => printed(server, /site built:|site renderer ready|site build failed/);

async function stop(server: ServerProcess) {
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGTERM");
  await exited;
}

let a: { file: string; db: Db };
let b: { file: string; db: Db };
let adminToken: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-live-site-"));
  siteDir = join(dir, "site");
  a = await database("a", "Alpha Tool");
  b = await database("b", "Beta Tool");
  const admin = await createUser(b.db, "admin@example.com", "x", "admin");
  if (!admin) throw new Error("no admin");
  adminToken = await signToken(new TextEncoder().encode(SECRET), admin.id, 0, "1h");
  // The site folder holds a build of database A.
  const builder = new SiteBuilder({ db: a.db, siteDir, databaseUrl: `file:${a.file}`, debounceMs: 10, log: () => {} });
  try {
    if (!(await builder.now("built from A"))) throw new Error("the build of A failed");
  } finally {
    builder.close();
  }
});

afterEach(() => killAllServers());
afterAll(() => {
  a.db.$client.close();
  b.db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const builds = async (base: string) =>
  (await (await fetch(`${base}/api/admin/builds`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
    reason: string;
    outcome: string;
  }[];

describe("a server started beside a live build of another database, or of other code", () => {
  it("never serves that build, rebuilds before serving, and says so in the log and the builds list", async () => {
    const server = await start(b.file);
    // From the first request on: no page of database A.
    const first = await fetch(`${server.base}/`);
    expect(first.status).toBe(503);
    expect(await first.text()).not.toContain("Alpha Tool");
    const log = await ready(server);
    expect(log).toMatch(/the live site was built from another database .*taken offline and rebuilt before serving/);
    expect(log).toContain("site built:");
    const home = await (await fetch(`${server.base}/`)).text();
    expect(home).toContain("Beta Tool");
    expect(home).not.toContain("Alpha Tool");
    expect((await fetch(`${server.base}/tool/alpha-tool`)).status).toBe(404);
    // What the admin dashboard lists.
    expect((await builds(server.base))[0]).toMatchObject({
      reason: "the live site came from another database",
      outcome: "ok",
    });
    await stop(server);
  });

  it("rebuilds when the database changed while it was stopped (a restored backup), serving meanwhile", async () => {
    await createTool(b.db, { name: "Gamma Tool", description: "Added while stopped" }, null);
    const server = await start(b.file);
    expect((await fetch(`${server.base}/`)).status).toBe(200);
    const log = await ready(server);
    expect(log).toContain("the database changed since the live site was built");
    expect(log).toContain("site built:");
    expect(await (await fetch(`${server.base}/tool/gamma-tool`)).text()).toContain("Added while stopped");
    expect((await builds(server.base))[0]).toMatchObject({
      reason: "the database changed since the live build",
      outcome: "ok",
    });
    await stop(server);
  });

  it("keeps a build that matches its database and content, with no rebuild", async () => {
    const server = await start(b.file);
    const before = (await builds(server.base)).length;
    const log = await ready(server);
    expect(log).toContain("site renderer ready");
    expect(log).not.toContain("site built:");
    expect((await builds(server.base)).length).toBe(before);
    await stop(server);
  });

  it("rebuilds when the live build was compiled from other code (an upgrade), serving meanwhile", async () => {
    // What a build by an earlier version of the product leaves: another code fingerprint.
    writeFileSync(join(realpathSync(join(siteDir, "current")), CODE_VERSION_FILE), "an earlier version");
    const server = await start(b.file);
    expect((await fetch(`${server.base}/`)).status).toBe(200);
    const log = await ready(server);
    expect(log).toContain("site built:");
    expect((await builds(server.base))[0]).toMatchObject({
      reason: "the code changed since the live build",
      outcome: "ok",
    });
    await stop(server);
    // The new build is of this code: the next start keeps it.
    const again = await start(b.file);
    const next = await ready(again);
    expect(next).toContain("site renderer ready");
    expect(next).not.toContain("site built:");
    await stop(again);
  });
});
