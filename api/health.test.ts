import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadSettings } from "../config/settings";
import { migrateDb, openDb } from "../db/client";
import { finishBuild, startBuild } from "../db/queries/builds";
import { createApp } from "./app";
import { createHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe("/api/health", () => {
  it("reports the database and the last site build, degraded (still serving) after a failed build", async () => {
    const fresh = await h.call("GET", "/api/health");
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ status: "ok", database: "ok", last_build: null });

    const ok = await startBuild(h.db, "first");
    await finishBuild(h.db, ok, { outcome: "ok", pages: 10, durationMs: 5 });
    expect((await h.call("GET", "/api/health")).body).toMatchObject({ status: "ok", last_build: { outcome: "ok" } });

    const failed = await startBuild(h.db, "broken template");
    await finishBuild(h.db, failed, { outcome: "failed", error: "boom", durationMs: 5 });
    const degraded = await h.call("GET", "/api/health");
    expect(degraded.status).toBe(200);
    expect(degraded.body).toMatchObject({ status: "degraded", database: "ok", last_build: { outcome: "failed" } });
  });

  it("answers 503 with a detail when the database is unreachable", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aitools-health-"));
    const url = `file:${join(dir, "app.db")}`;
    const db = await openDb({ url });
    await migrateDb(db);
    const app = createApp({
      db,
      settings: loadSettings({ NODE_ENV: "test", DATABASE_URL: url, JWT_SECRET: "x".repeat(40) } as NodeJS.ProcessEnv),
      stripe: null,
    });
    db.$client.close();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const res = await app.request("http://localhost/api/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: "unavailable",
        database: "unreachable",
        detail: "The database is unreachable",
      });
      expect(logged).toHaveBeenCalledOnce();
    } finally {
      logged.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
