import { mkdtempSync } from "node:fs";
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

async function serverWith(env: Record<string, string>) {
  const { db, close } = await freshDb();
  closers.push(close);
  const settings = loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40), ...env } as NodeJS.ProcessEnv);
  return createServer({ db, settings, stripe: null, siteDir: mkdtempSync(join(tmpdir(), "aitools-site-")) }).app;
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
