import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";
import { SITE_VERSION_FILE } from "../rebuild/output";
import { createNodeHandler } from "./server";
import { MAX_PATH_LENGTH, StaticSite } from "./static";

const root = resolve(import.meta.dirname, "..");
let dir: string;
let db: Db;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-static-"));
  const build = join(dir, "site/builds/1");
  mkdirSync(join(build, "tool/alpha"), { recursive: true });
  writeFileSync(join(build, "404.html"), "<!doctype html><title>Not found</title>");
  writeFileSync(join(build, "index.html"), "<!doctype html><title>Home</title>");
  writeFileSync(join(build, "tool/alpha/index.html"), "<!doctype html><title>Alpha</title>");
  writeFileSync(join(build, SITE_VERSION_FILE), "{}");
  symlinkSync(build, join(dir, "site/current"), "dir");
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    JWT_SECRET: "static-test-secret-static-test-secret-000",
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

describe("the static site in memory", () => {
  it("holds each file once and never a URL that names no file", () => {
    const site = new StaticSite(join(dir, "site/current"));
    for (let i = 0; i < 1000; i++) expect(site.lookup(`/missing-${i}-${"x".repeat(500)}`)).toBeNull();
    expect(site.size).toEqual({ files: 0, paths: 0 });
    // Every spelling of one page serves it; only its plain spellings are remembered.
    const spellings = ["/tool/alpha", "/tool/alpha/", "/tool/alpha/index.html", "/tool//alpha", "/x/../tool/alpha"];
    for (const path of spellings) expect(site.lookup(path)?.path).toMatch(/tool\/alpha\/index\.html$/);
    for (let i = 0; i < 1000; i++) expect(site.lookup(`/x${i}/../tool/%61lpha`)).not.toBeNull();
    expect(site.size).toEqual({ files: 1, paths: 3 });
  });

  it("does not serve the build's version file", async () => {
    expect((await fetch(`${base}/${SITE_VERSION_FILE}`)).status).toBe(404);
  });
});

describe("request paths", () => {
  it("over 2 KB answer 414 with a short body, under /api in the API's error shape", async () => {
    const long = `/tool/${"a".repeat(MAX_PATH_LENGTH)}`;
    const page = await fetch(`${base}${long}`);
    expect(page.status).toBe(414);
    expect(await page.text()).toBe("URI Too Long");
    const api = await fetch(`${base}/api/tools/${"1".repeat(MAX_PATH_LENGTH)}`);
    expect(api.status).toBe(414);
    expect(await api.json()).toEqual({ detail: "Request path too long" });
    // Just under the limit is an ordinary not-found page.
    const under = await fetch(`${base}/${"a".repeat(MAX_PATH_LENGTH - 1)}`);
    expect(under.status).toBe(404);
    expect(await under.text()).toContain("Not found");
  });

  it("for 20,000 distinct unknown URLs do not grow the server's memory", async () => {
    // In a process of its own, with a full collection before each measure (heap + Buffers).
    const output = await new Promise<string>((done, fail) => {
      const child = spawn(
        process.execPath,
        ["--expose-gc", "--import", "tsx", "api/testing/static-memory-probe.ts", "20000", "1900"],
        { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
      );
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once("exit", (code) => (code === 0 ? done(out) : fail(new Error(`probe exited ${code}: ${out}`))));
    });
    const result = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as {
      statuses: number[];
      growthMB: number;
      rssGrowthMB: number;
    };
    expect(result.statuses).toEqual([404]);
    expect(result.growthMB).toBeLessThan(30);
    console.log(
      `20,000 unknown 1.9 KB URLs: heap + buffers grew ${result.growthMB.toFixed(1)} MB (RSS ${result.rssGrowthMB.toFixed(1)} MB)`,
    );
  });
});
