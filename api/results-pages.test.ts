import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serializeProps } from "astro/runtime/server/serialize.js";
import * as cheerio from "cheerio";
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { createTag } from "../db/queries/tags";
import { createTool } from "../db/queries/tools";
import { SITE_VERSION_FILE } from "../rebuild/output";
import CategoryTools from "../site/islands/CategoryTools";
import Directory from "../site/islands/Directory";
import { renderResults } from "../site/on-request/results-page";
import { createNodeHandler } from "./server";

let dir: string;
let build: string;
let db: Db;
let server: Server;
let base: string;
let writingId: number;

const attribute = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/** A page as the static build writes it: its canonical link and one island, drawn and with its props. */
function page(canonical: string, name: string, props: Record<string, unknown>, element: ReactElement) {
  const opts = attribute(JSON.stringify({ name, value: true }));
  return `<!doctype html><html><head><link rel="canonical" href="${canonical}"></head><body><astro-island uid="x" prefix="r3" component-url="/_astro/${name}.js" component-export="default" renderer-url="/_astro/client.js" props="${attribute(serializeProps(props))}" ssr client="idle" opts="${opts}" await-children>${renderToString(element, { identifierPrefix: "r3" })}<!--astro:end--></astro-island><footer>Footer</footer></body></html>`;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-results-"));
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  writingId = writing.id;
  const api = await createTag(db, { name: "API" });
  // 30 tools that say "transcript", so a search has three pages; one more of another kind.
  for (let i = 1; i <= 30; i++) {
    const tool = { name: `Scribe ${String(i).padStart(2, "0")}`, description: "Turns audio into a transcript." };
    await createTool(
      db,
      { ...tool, category_id: writing.id, pricing_type: i % 2 ? "free" : "paid", tag_ids: i <= 3 ? [api.id] : [] },
      null,
    );
  }
  await createTool(
    db,
    { name: "Painter", description: "Draws pictures.", category_id: writing.id, pricing_type: "free" },
    null,
  );

  build = join(dir, "site/builds/1");
  mkdirSync(join(build, "category/writing"), { recursive: true });
  const home = { initialTools: [], categories: [{ id: writing.id, slug: "writing", name: "Writing" }], tags: [] };
  writeFileSync(
    join(build, "index.html"),
    page("http://example.test/", "Directory", home, createElement(Directory, home)),
  );
  const category = { id: writing.id, name: "Writing", slug: "writing", tools: [], tags: [] };
  writeFileSync(
    join(build, "category/writing/index.html"),
    page("http://example.test/category/writing", "CategoryTools", category, createElement(CategoryTools, category)),
  );
  writeFileSync(join(build, SITE_VERSION_FILE), "{}");
  symlinkSync(build, join(dir, "site/current"), "dir");
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: url,
    JWT_SECRET: "results-test-secret-results-test-secret-0",
  } as NodeJS.ProcessEnv);
  server = createServer(
    createNodeHandler({ db, settings, stripe: null, siteDir: join(dir, "site"), results: renderResults }),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function get(path: string) {
  const res = await fetch(`${base}${path}`);
  const html = await res.text();
  const $ = cheerio.load(html);
  return {
    res,
    html,
    $,
    names: $(".tool-card h3")
      .map((_, e) => $(e).text().trim())
      .get(),
    canonical: $('link[rel="canonical"]').attr("href"),
  };
}

describe("results pages drawn on request", () => {
  it("draws a search's matching tools with the island's cards, a next-page link and the island's props", async () => {
    const { res, $, names, canonical } = await get("/?search=transcript");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, follow");
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(canonical).toBe("http://example.test/");
    expect(names).toHaveLength(12);
    expect(names.every((n) => n.startsWith("Scribe"))).toBe(true);
    expect($("#hero-search").attr("value")).toBe("transcript");
    expect($("a.btn", ".center").text()).toBe("Load More");
    expect($("a.btn", ".center").attr("href")).toBe("/?search=transcript&page=2");
    // The island hydrates with the list the server drew, and knows which view that was.
    const props = $("astro-island").attr("props") ?? "";
    expect(props).toContain("Scribe 12");
    expect(props).toContain('"served":[0,{"search":[0,"transcript"]');
    expect($("footer").text()).toBe("Footer");
    // Drawn whole: no part left for the browser to render or stream in (a hydration error).
    expect($("astro-island script")).toHaveLength(0);
    expect($("astro-island").html()).not.toContain("<!--$!-->");
  });

  it("follows the next-page link: pages 1..N at once, and no link once the list is whole", async () => {
    const second = await get("/?search=transcript&page=2");
    expect(second.names).toHaveLength(24);
    expect(second.$("a.btn", ".center").attr("href")).toBe("/?search=transcript&page=3");
    const third = await get("/?search=transcript&page=3");
    expect(third.names).toHaveLength(30);
    expect(third.$("a.btn", ".center")).toHaveLength(0);
  });

  it("applies pricing, tag, category and sort like the API, and says when nothing matches", async () => {
    const filtered = await get("/?category=writing&pricing=paid&sort=name");
    expect(filtered.names.slice(0, 3)).toEqual(["Scribe 02", "Scribe 04", "Scribe 06"]);
    expect(filtered.$("#pricing-filter option[selected]").attr("value")).toBe("paid");
    expect((await get("/?tag=api")).names.sort()).toEqual(["Scribe 01", "Scribe 02", "Scribe 03"]);
    const none = await get("/?search=zzzqqq");
    expect(none.names).toEqual([]);
    expect(none.$(".empty").text()).toBe("No tools found. Try adjusting your filters.");
  });

  it("draws a category's tag view, indexable and canonical to itself, and its filtered views noindex", async () => {
    const tagged = await get("/category/writing?tag=api");
    expect(tagged.res.headers.get("x-robots-tag")).toBeNull();
    expect(tagged.canonical).toBe("http://example.test/category/writing?tag=api");
    expect(tagged.names.sort()).toEqual(["Scribe 01", "Scribe 02", "Scribe 03"]);
    expect(tagged.$('[role="status"]').text()).toBe("Showing 3 tools");
    const sorted = await get("/category/writing?tag=api&sort=name");
    expect(sorted.res.headers.get("x-robots-tag")).toBe("noindex, follow");
    expect(sorted.canonical).toBe("http://example.test/category/writing");
  });

  it("answers bad or unknown parameters with a page, never an error, and keeps the plain pages static", async () => {
    for (const path of [
      "/?page=999999",
      "/?page=-3&search=transcript",
      `/?search=${"x".repeat(5000)}`,
      "/?tag=%00%ff,../../etc&pricing=nope&sort=drop",
      "/?category=no-such-category&search=transcript",
      "/category/writing?search=ignored&page=4",
    ]) {
      expect((await fetch(`${base}${path}`)).status, path).toBe(200);
    }
    // The page is clamped: at most 8 pages of 12 from one request.
    expect((await get("/?page=999999")).names).toHaveLength(31);
    // No filter at all (a tracking tag) is the pre-rendered file, untouched.
    expect((await get("/?utm_source=x")).names).toEqual([]);
    expect((await get("/")).names).toEqual([]);
    expect((await fetch(`${base}/category/nothing-here?tag=api`)).status).toBe(404);
  });

  it("draws at most the public API's quota of pages afresh per address, then answers 429", async () => {
    const settings = loadSettings({
      NODE_ENV: "test",
      DATABASE_URL: `file:${join(dir, "app.db")}`,
      JWT_SECRET: "results-test-secret-results-test-secret-0",
      API_ANON_LIMIT: "2",
    } as NodeJS.ProcessEnv);
    const handler = createNodeHandler({
      db,
      settings,
      stripe: null,
      siteDir: join(dir, "site"),
      results: renderResults,
    });
    const limited = createServer(handler);
    await new Promise<void>((r) => limited.listen(0, "127.0.0.1", r));
    const at = `http://127.0.0.1:${(limited.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${at}/?search=scribe`)).status).toBe(200);
      expect((await fetch(`${at}/?search=painter`)).status).toBe(200);
      const refused = await fetch(`${at}/?search=audio`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // A page drawn already costs nothing; the pre-rendered pages are never counted.
      expect((await fetch(`${at}/?search=scribe`)).status).toBe(200);
      expect((await fetch(`${at}/`)).status).toBe(200);
    } finally {
      limited.close();
    }
  });

  it("serves a drawn page again from its cache until the site is rebuilt", async () => {
    const first = await get("/?search=painter");
    expect(first.names).toEqual(["Painter"]);
    await createTool(
      db,
      { name: "Painter Two", description: "Draws.", category_id: writingId, pricing_type: "free" },
      null,
    );
    expect((await get("/?search=painter")).names).toEqual(["Painter"]);
    // A new build or update in place rewrites the version file: the lists are drawn afresh.
    writeFileSync(join(build, SITE_VERSION_FILE), '{"v":2}');
    await expect.poll(async () => (await get("/?search=painter")).names, { timeout: 60_000 }).toContain("Painter Two");
  });
  it("gives a card, and the island's props, a description's summary rather than all of it", async () => {
    const sentence = "Writes a longform draft from an outline, in your voice and with your sources cited. ";
    await createTool(
      db,
      {
        name: "Longform",
        description: `**${sentence.repeat(8)}**Tailword.`,
        category_id: writingId,
        pricing_type: "free",
      },
      null,
    );
    const { $ } = await get("/?search=longform");
    const text = $(".tool-card p.clamp-2").first().text();
    // Two clamped lines show about 140 characters at any width; the card holds a little more.
    expect(text.length).toBeGreaterThan(140);
    expect(text.length).toBeLessThanOrEqual(240);
    expect(text.startsWith("Writes a longform draft")).toBe(true);
    expect(text.endsWith("…")).toBe(true);
    expect($("astro-island").attr("props")).not.toContain("Tailword");
  });
});
