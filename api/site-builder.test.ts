import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../db/client";
import { listBuilds } from "../db/queries/builds";
import { createCategory } from "../db/queries/categories";
import { createTool, updateTool } from "../db/queries/tools";
import { SiteBuilder } from "./site-builder";

let dir: string;
let db: Db;
let builder: SiteBuilder;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-build-"));
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const category = await createCategory(db, { name: "Writing", slug: "writing" });
  await createTool(db, { name: "First Tool", description: "Version one", category_id: category.id }, null);
  builder = new SiteBuilder({ db, siteDir: join(dir, "site"), databaseUrl: url, debounceMs: 10, log: () => {} });
});
afterAll(async () => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const livePage = () => readFileSync(join(builder.currentDir, "tool/first-tool/index.html"), "utf8");

describe("site rebuilds", () => {
  it("build aside and swap the live link only when complete, recording each build", async () => {
    expect(await builder.now("first")).toBe(true);
    expect(livePage()).toContain("Version one");
    await updateTool(db, 1, { description: "Version two" });
    expect(await builder.now("second")).toBe(true);
    expect(livePage()).toContain("Version two");
    const builds = await listBuilds(db, 10);
    expect(builds.map((b) => b.outcome)).toEqual(["ok", "ok"]);
    expect(builds[0]?.pages).toBeGreaterThan(5);
  });

  it("fold changes made during a build into one follow-up build", async () => {
    const results = await Promise.all([builder.now("a"), builder.now("b"), builder.now("c")]);
    expect(results).toEqual([true, true, true]);
    const [latest, previous] = await listBuilds(db, 2);
    expect([previous?.reason, latest?.reason]).toEqual(["a", "b; c"]);
  });

  it("keep the previous site live when a build is killed with SIGKILL", async () => {
    const before = realpathSync(builder.currentDir);
    await updateTool(db, 1, { description: "Version three" });
    const run = builder.now("to be killed");
    while (!builder.child) await new Promise((r) => setTimeout(r, 20));
    builder.child.kill("SIGKILL");
    expect(await run).toBe(false);
    expect(realpathSync(builder.currentDir)).toBe(before);
    expect(livePage()).toContain("Version two");
    expect(existsSync(join(builder.currentDir, "index.html"))).toBe(true);
    const [last] = await listBuilds(db, 1);
    expect(last?.outcome).toBe("failed");
    expect(last?.error).toMatch(/SIGKILL/);
    // The lock was released: the next build runs.
    expect(await builder.now("after the kill")).toBe(true);
    expect(livePage()).toContain("Version three");
  });
});
