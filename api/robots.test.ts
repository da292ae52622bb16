import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";
import { SITE_VERSION_FILE } from "../rebuild/output";
import { createNodeHandler } from "./server";

let dir: string;
let db: Db;
let server: Server;
let base: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-robots-"));
  const build = join(dir, "site/builds/1");
  mkdirSync(join(build, "category/writing"), { recursive: true });
  writeFileSync(join(build, "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(join(build, "category/writing/index.html"), "<!doctype html><title>Writing</title>");
  writeFileSync(join(build, SITE_VERSION_FILE), "{}");
  symlinkSync(build, join(dir, "site/current"), "dir");
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    JWT_SECRET: "robots-test-secret-robots-test-secret-000",
  } as NodeJS.ProcessEnv);
  server = createServer(createNodeHandler({ db, settings, stripe: null, siteDir: join(dir, "site") }));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const robots = async (path: string, method = "GET") =>
  (await fetch(`${base}${path}`, { method })).headers.get("x-robots-tag");

describe("X-Robots-Tag on directory addresses", () => {
  it("marks searched and filtered views noindex, follow, and leaves the pages that are indexed alone", async () => {
    expect(await robots("/?search=image")).toBe("noindex, follow");
    expect(await robots("/?pricing=free", "HEAD")).toBe("noindex, follow");
    expect(await robots("/category/writing?tag=api&sort=rating")).toBe("noindex, follow");
    // One tag or one pricing type alone on a category is a landing page of its own.
    expect(await robots("/category/writing?tag=api")).toBeNull();
    expect(await robots("/category/writing/?pricing=free")).toBeNull();
    expect(await robots("/")).toBeNull();
    // Parameters that are no filter (a tracking tag) leave the view unfiltered.
    expect(await robots("/?utm_source=x")).toBeNull();
  });

  it("never indexes a list with its loaded pages in the address, whatever the page says", async () => {
    expect(await robots("/?page=2")).toBe("noindex, follow");
    expect(await robots("/?page=0")).toBe("noindex, follow");
    expect(await robots("/?page=x")).toBe("noindex, follow");
    expect(await robots("/category/writing?tag=api&page=1")).toBe("noindex, follow");
  });
});
