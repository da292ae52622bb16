import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../db/client";
import { listBuilds } from "../db/queries/builds";
import { createCategory } from "../db/queries/categories";
import { createTool, updateTool } from "../db/queries/tools";
import { ReadGraph } from "./read-graph";
import { SiteBuilder } from "./scheduler";

let dir: string;
let db: Db;
let url: string;
const builders: SiteBuilder[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-split-"));
  url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  const images = await createCategory(db, { name: "Images", slug: "images" });
  const topic = new Map([
    [writing.id, "drafts essays"],
    [images.id, "paints pictures"],
  ]);
  // Five writing tools: each has enough alternatives for a page of them.
  for (const [n, category] of [writing, writing, images, images, writing, writing, writing].entries()) {
    const description = topic.get(category.id);
    await createTool(db, { name: `Tool ${n}`, description, category_id: category.id }, null);
  }
});
afterAll(() => {
  for (const builder of builders) builder.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

function builder(name: string, workers: number): SiteBuilder {
  const made = new SiteBuilder({
    db,
    siteDir: join(dir, name),
    databaseUrl: url,
    debounceMs: 10,
    workers,
    log: () => {},
  });
  builders.push(made);
  return made;
}

/**
 * Every file of a build with its bytes, but its version file and its page reads (one file per
 * worker, each of its own pages: the merged graph is checked below).
 */
function files(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /^\.site-(version|reads-)/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(path.slice(root.length), readFileSync(path));
  }
  return found;
}

const inode = (path: string) => statSync(path).ino;

describe("full builds split across workers", () => {
  const split = () => builders[1] as SiteBuilder;

  it("write the same files, byte for byte, as one worker", async () => {
    const one = builder("one", 1);
    const two = builder("two", 2);
    expect(await one.now("one worker")).toBe(true);
    expect(await two.now("two workers")).toBe(true);
    const a = files(realpathSync(one.currentDir));
    const b = files(realpathSync(two.currentDir));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect([...a].filter(([path, bytes]) => !b.get(path)?.equals(bytes))).toEqual([]);
    // What the pages read, merged from the two workers' files, is what one worker recorded.
    const readers = (root: string) =>
      ReadGraph.read(root)?.readersOf(["category:1", "category:2", "categories", "articles"]) ?? [];
    const split = readers(realpathSync(two.currentDir));
    expect(split).toEqual(readers(realpathSync(one.currentDir)));
    expect(split).toEqual(expect.arrayContaining(["/", "/category/writing", "/tool/tool-0", "/sitemap-0.xml"]));
    expect([...a.keys()].filter((path) => path.startsWith("/tool/")).length).toBe(7);
    // Each build records the pages it wrote, a fixed page every worker rendered counted once.
    const [twoBuilt, oneBuilt] = await listBuilds(db, 3);
    const pageFiles = [...a.keys()].filter((path) => path.endsWith(".html")).length;
    expect(oneBuilt?.pages).toBe(pageFiles);
    expect(twoBuilt?.pages).toBe(pageFiles);
    // The second worker rendered its share (ids 1..7 by id modulo 2) of the tool, alternatives
    // and comparison pages, and of the rest only the few fixed pages; the first, all else.
    const rendered = (worker: number) =>
      Object.keys(
        JSON.parse(readFileSync(join(realpathSync(two.currentDir), `.site-reads-${worker}.json`), "utf8")) as object,
      );
    const second = rendered(1);
    expect(second.filter((path) => /^\/(tool|alternatives)\//.test(path)).sort()).toEqual([
      "/alternatives/tool-0",
      "/alternatives/tool-4",
      "/alternatives/tool-6",
      "/tool/tool-0",
      "/tool/tool-2",
      "/tool/tool-4",
      "/tool/tool-6",
    ]);
    expect(second.filter((path) => /^\/(category|tag|sitemap-\d)/.test(path))).toEqual([]);
    expect(rendered(0)).toEqual(
      expect.arrayContaining(["/alternatives/tool-1", "/sitemap-0.xml", "/category/writing"]),
    );
    // No part folder is left beside the builds.
    expect(readdirSync(join(dir, "two", "builds")).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("link every unchanged file to the previous build, and write changed ones anew", async () => {
    const previous = realpathSync(split().currentDir);
    await updateTool(db, 1, { description: "Changed for the second build" });
    expect(await split().now("second")).toBe(true);
    const live = realpathSync(split().currentDir);
    expect(live).not.toBe(previous);
    const same = (path: string) => inode(join(live, path)) === inode(join(previous, path));
    // Tool 1 changed: its page is new; a tool page that does not list it is the same file.
    expect(same("tool/tool-0/index.html")).toBe(false);
    expect(readFileSync(join(live, "tool/tool-0/index.html"), "utf8")).toContain("Changed for the second build");
    const others = ["tool-1", "tool-2", "tool-3", "tool-4"].map((slug) => `tool/${slug}/index.html`);
    const unrelated = others.filter((path) => !readFileSync(join(previous, path), "utf8").includes("/tool/tool-0"));
    expect(unrelated).toContain("tool/tool-2/index.html");
    for (const path of unrelated) expect(same(path)).toBe(true);
    expect(same("category/images/index.html")).toBe(true);
    expect(same("category/writing/index.html")).toBe(false);
    const assets = readdirSync(join(live, "_astro"));
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(same(`_astro/${asset}`)).toBe(true);
    // Linked files are whole: the new build reads as a build written from scratch would.
    const reference = builder("reference", 1);
    expect(await reference.now("reference")).toBe(true);
    const fresh = files(realpathSync(reference.currentDir));
    const linked = files(live);
    expect([...fresh].filter(([path, bytes]) => !linked.get(path)?.equals(bytes))).toEqual([]);
  });

  it("keep exactly the live build and the one before it", async () => {
    const before = realpathSync(split().currentDir);
    await updateTool(db, 2, { description: "Changed for the third build" });
    expect(await split().now("third")).toBe(true);
    const live = realpathSync(split().currentDir);
    const kept = readdirSync(join(dir, "two", "builds")).map((name) => join(dir, "two", "builds", name));
    expect(kept.sort()).toEqual([before, live].sort());
  });
});
