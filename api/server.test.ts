import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSettings } from "../config/settings";
import { createArticle, updateArticle } from "../db/queries/articles";
import { createCategory, updateCategory } from "../db/queries/categories";
import { createTool, updateTool } from "../db/queries/tools";
import { freshDb } from "../db/testing";
import { createServer } from "./server";

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

/** A server over a small built site: a home page, one tool and one category page, and the feeds. */
async function siteServer() {
  const { db, close } = await freshDb();
  closers.push(close);
  const siteDir = mkdtempSync(join(tmpdir(), "aitools-site-"));
  const build = join(siteDir, "builds/1");
  const files: Record<string, string> = {
    "index.html": "<!doctype html><title>Home</title>",
    "404.html": "<!doctype html><title>Not found</title>",
    "tool-not-found/index.html": "<!doctype html><title>Tool not found</title>",
    "blog/404/index.html": "<!doctype html><title>Article not found</title>",
    "feed.xml": '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel></channel></rss>',
    "feed.json": '{"version":"https://jsonfeed.org/version/1.1","items":[]}',
    "blog/rss.xml": '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel></channel></rss>',
    "category/sound/feed.xml": '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel></channel></rss>',
  };
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(build, path)), { recursive: true });
    writeFileSync(join(build, path), body);
  }
  symlinkSync(build, join(siteDir, "current"), "dir");
  const settings = loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40) } as NodeJS.ProcessEnv);
  const { app } = createServer({ db, settings, stripe: null, siteDir });
  return { db, app };
}

describe("the public site", () => {
  it("serves the feeds with their own content types", async () => {
    const { app } = await siteServer();
    for (const path of ["/feed.xml", "/category/sound/feed.xml", "/blog/rss.xml"]) {
      const res = await app.request(`http://127.0.0.1${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("application/rss+xml; charset=utf-8");
    }
    const json = await app.request("http://127.0.0.1/feed.json");
    expect(json.headers.get("content-type")).toBe("application/feed+json");
    expect(await json.json()).toMatchObject({ version: "https://jsonfeed.org/version/1.1" });
  });

  it("gives a tool pending review or rejected no /tool/{id} redirect and no badge", async () => {
    const { db, app } = await siteServer();
    await db.$client.execute(
      "INSERT INTO tools (id, slug, name, status) VALUES (71, 'waiting-tool', 'Waiting', 'pending'), (72, 'turned-down', 'Turned', 'rejected')",
    );
    for (const [id, slug] of [
      [71, "waiting-tool"],
      [72, "turned-down"],
    ]) {
      const byId = await app.request(`http://127.0.0.1/tool/${id}`);
      expect(byId.status).toBe(404);
      expect(await byId.text()).toContain("Tool not found");
      expect((await app.request(`http://127.0.0.1/badge/${slug}.svg`)).status).toBe(404);
    }
    await db.$client.execute("UPDATE tools SET status = 'published' WHERE id = 71");
    expect((await app.request("http://127.0.0.1/tool/71")).headers.get("location")).toBe("/tool/waiting-tool");
    expect((await app.request("http://127.0.0.1/badge/waiting-tool.svg")).status).toBe(200);
  });

  it("answers a renamed tool's, category's or article's old paths with 301 to the current ones", async () => {
    const { db, app } = await siteServer();
    const tool = await createTool(db, { name: "Old Name" }, null);
    await updateTool(db, tool.id, { name: "New Name" });
    const category = await createCategory(db, { name: "Audio", slug: "audio" });
    await updateCategory(db, category.id, { slug: "sound" });
    const article = await createArticle(db, { title: "Tips", slug: "tips", status: "published" });
    await updateArticle(db, article.id, { slug: "more-tips" });
    const moved = {
      "/tool/old-name": "/tool/new-name",
      "/tool/old-name/": "/tool/new-name",
      "/category/audio": "/category/sound",
      "/category/audio/": "/category/sound",
      "/category/audio/feed.xml": "/category/sound/feed.xml",
      "/category/audio?pricing=free": "/category/sound?pricing=free",
      "/blog/tips": "/blog/more-tips",
      [`/tool/${tool.id}`]: "/tool/new-name",
    };
    for (const [from, to] of Object.entries(moved)) {
      const res = await app.request(`http://127.0.0.1${from}`);
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
    // A tool without a public page keeps its new slug to itself: its old path is not found.
    await db.$client.execute({ sql: "UPDATE tools SET status = 'rejected' WHERE id = ?", args: [tool.id] });
    const hidden = await app.request("http://127.0.0.1/tool/old-name");
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("location")).toBeNull();
    expect(await hidden.text()).not.toContain("new-name");
    // Unknown slugs keep their not-found pages.
    const unknownTool = await app.request("http://127.0.0.1/tool/never-was");
    expect(unknownTool.status).toBe(404);
    expect(await unknownTool.text()).toContain("Tool not found");
    expect((await app.request("http://127.0.0.1/category/never-was")).status).toBe(404);
    expect(await (await app.request("http://127.0.0.1/blog/never-was")).text()).toContain("Article not found");
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
