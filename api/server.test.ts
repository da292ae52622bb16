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

describe("embeddable badges", () => {
  it("serve a small SVG per tool in light and dark, with its rating, revalidated by ETag", async () => {
    const { db, close } = await freshDb();
    closers.push(close);
    await db.$client.execute(
      "INSERT INTO tools (slug, name, avg_rating, review_count) VALUES ('rated-tool', 'Rated', 4.56, 12), ('new-tool', 'New', 0, 0)",
    );
    const settings = loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40) } as NodeJS.ProcessEnv);
    const server = createServer({
      db,
      settings,
      stripe: null,
      siteDir: mkdtempSync(join(tmpdir(), "aitools-site-")),
    }).app;

    const light = await server.request("http://127.0.0.1/badge/rated-tool.svg");
    expect(light.status).toBe(200);
    expect(light.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(light.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(light.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = await light.text();
    expect(svg.length).toBeLessThan(2048);
    expect(svg).toContain("Featured on AI Tools Directory, rated 4.6 out of 5");
    expect(svg).not.toMatch(/<script|href=|on\w+=/i);
    const dark = await (await server.request("http://127.0.0.1/badge/rated-tool.svg?theme=dark")).text();
    expect(dark).not.toBe(svg);
    expect(dark).toContain('fill="#0f172a"');
    expect(await (await server.request("http://127.0.0.1/badge/new-tool.svg")).text()).not.toContain("★");

    const again = await server.request("http://127.0.0.1/badge/rated-tool.svg", {
      headers: { "if-none-match": String(light.headers.get("etag")) },
    });
    expect(again.status).toBe(304);
    expect((await server.request("http://127.0.0.1/badge/no-such-tool.svg")).status).toBe(404);
  });
});
