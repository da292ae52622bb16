import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freshDb } from "../db/testing";
import { createServer } from "./server";
import { loadSettings } from "./settings";

const closers: (() => void)[] = [];
afterAll(() => {
  for (const close of closers) close();
});

async function serverWith(env: Record<string, string>, siteDir = mkdtempSync(join(tmpdir(), "aitools-site-"))) {
  const { db, close } = await freshDb();
  closers.push(close);
  const settings = loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40), ...env } as NodeJS.ProcessEnv);
  return createServer({ db, settings, stripe: null, siteDir }).app;
}

/** A live build holding these pages (and a 404 page). */
function siteWith(paths: string[]): string {
  const siteDir = mkdtempSync(join(tmpdir(), "aitools-site-"));
  const build = join(siteDir, "builds", "1");
  for (const path of [...paths, "/"]) {
    mkdirSync(join(build, path), { recursive: true });
    writeFileSync(join(build, path, "index.html"), `<p>${path}</p>`);
  }
  writeFileSync(join(build, "404.html"), "<p>not found</p>");
  symlinkSync(build, join(siteDir, "current"));
  return siteDir;
}

describe("HSTS", () => {
  it("follows the configured https origin", async () => {
    const server = await serverWith({ PUBLIC_URL: "https://tools.example" });
    const res = await server.request("http://127.0.0.1/api/health");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("is never turned on by a header a client sends", async () => {
    const server = await serverWith({});
    const res = await server.request("http://127.0.0.1/api/health", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("comparison pages", () => {
  it("answer the other order with a 301 to the page, whichever -vs- splits the pair", async () => {
    const server = await serverWith(
      {},
      siteWith(["/compare/chatgpt-vs-claude", "/compare/alpha-vs-beta-vs-gamma", "/compare/alpha-vs-beta-vs-omega"]),
    );
    const get = (path: string) => server.request(`http://127.0.0.1${path}`);
    expect((await get("/compare/chatgpt-vs-claude")).status).toBe(200);
    const swapped = await get("/compare/claude-vs-chatgpt");
    expect(swapped.status).toBe(301);
    expect(swapped.headers.get("location")).toBe("/compare/chatgpt-vs-claude");
    // "alpha-vs-beta" against "gamma", and "alpha" against "beta-vs-omega".
    expect((await get("/compare/gamma-vs-alpha-vs-beta")).headers.get("location")).toBe(
      "/compare/alpha-vs-beta-vs-gamma",
    );
    expect((await get("/compare/beta-vs-omega-vs-alpha")).headers.get("location")).toBe(
      "/compare/alpha-vs-beta-vs-omega",
    );
    for (const path of ["/compare/claude-vs-gemini", "/compare/gemini-vs-claude", "/compare/-vs-", "/compare/vs"]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
