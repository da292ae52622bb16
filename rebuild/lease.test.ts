import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllServers, printed, spawnScript } from "../api/testing/server-process";
import { type Db, migrateDb, openDb } from "../db/client";
import { listBuilds } from "../db/queries/builds";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";

let dir: string;
let file: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-lease-"));
  file = join(dir, "app.db");
  db = await openDb({ url: `file:${file}` });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  for (const n of [1, 2, 3]) await createTool(db, { name: `Tool ${n}`, category_id: writing.id }, null);
});
afterAll(() => {
  killAllServers();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A builder process on the shared database file, with a site folder of its own (another machine). */
const builderProcess = (name: string) =>
  spawnScript("rebuild/testing/build-process.ts", ["build", name], {
    DATABASE_URL: `file:${file}`,
    SITE_DIR: join(dir, name),
  });

describe("two builders on one database", () => {
  it("build one at a time: the second waits for the lease and builds once it is free", async () => {
    const a = builderProcess("builder-a");
    // Builder A holds the lease from before it records its build until after it finishes it.
    while (!(await listBuilds(db, 5)).some((b) => b.reason === "builder-a")) {
      await new Promise((r) => setTimeout(r, 10));
    }
    // Paused, it keeps the lease (a live process on this machine is never taken over from).
    a.child.kill("SIGSTOP");
    expect((await listBuilds(db, 5)).map((row) => [row.reason, row.outcome])).toEqual([["builder-a", "running"]]);
    const b = builderProcess("builder-b");
    try {
      await printed(b, /site build deferred: another process is building/);
      expect((await listBuilds(db, 5)).map((row) => row.reason)).toEqual(["builder-a"]);
    } finally {
      a.child.kill("SIGCONT");
    }
    const [outA, outB] = await Promise.all([a.exited, b.exited]);
    expect(outA).toContain("done");
    expect(outB).toContain("done");
    expect([a.child.exitCode, b.child.exitCode]).toEqual([0, 0]);
    const rows = await listBuilds(db, 5);
    const first = rows.find((row) => row.reason === "builder-a");
    const second = rows.find((row) => row.reason === "builder-b");
    expect([first?.outcome, second?.outcome]).toEqual(["ok", "ok"]);
    expect(rows).toHaveLength(2);
    // Never both at once: the second build started after the first had finished.
    expect(Date.parse(second?.started_at ?? "")).toBeGreaterThanOrEqual(Date.parse(first?.finished_at ?? ""));
  });
});
