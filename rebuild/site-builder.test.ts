import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaticSite } from "../api/static";
import { type Db, migrateDb, openDb } from "../db/client";
import { releaseBuildLock, renewBuildLock, takeBuildLock } from "../db/queries/build-lock";
import { listBuilds, startBuild } from "../db/queries/builds";
import { createCategory } from "../db/queries/categories";
import { upsertReview } from "../db/queries/reviews";
import { createTag, mergeTags, updateTag } from "../db/queries/tags";
import { createTool, deleteTool, getTool, listTools, updateTool } from "../db/queries/tools";
import { createUser } from "../db/queries/users";
import { SiteBuilder } from "./scheduler";

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
  builder.close();
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

/** Modification time of every file of the live build, by path. */
function fileTimes(): Map<string, number> {
  const root = realpathSync(builder.currentDir);
  const times = new Map<string, number>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      times.set(
        join(entry.parentPath, entry.name).slice(root.length),
        statSync(join(entry.parentPath, entry.name)).mtimeMs,
      );
  }
  return times;
}

function changedFiles(before: Map<string, number>): string[] {
  const after = fileTimes();
  const changed = [...after].filter(([path, time]) => before.get(path) !== time).map(([path]) => path);
  const removed = [...before.keys()].filter((path) => !after.has(path));
  return [...changed, ...removed].filter((path) => !path.endsWith(".site-version")).sort();
}

/** Waits until every change handed to the builder is live. */
const settle = () => builder.settled();

/** The pages of the live build, with their contents, except the version file and compressed copies. */
function pages(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith(".")) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(root.length), readFileSync(path, "utf8"));
  }
  return files;
}

describe("incremental rebuilds", () => {
  let writing: number;
  let coding: number;
  beforeAll(async () => {
    writing = (await getTool(db, { id: 1 }))?.category_id ?? 0;
    coding = (await createCategory(db, { name: "Coding", slug: "coding" })).id;
    // Six writing tools: each page lists the three that follow it (by id, wrapping around).
    for (const name of ["Second Tool", "Third Tool", "Fourth Tool", "Fifth Tool", "Sixth Tool"]) {
      await createTool(db, { name, description: `${name} text`, category_id: writing }, null);
    }
    await createTool(db, { name: "Code Helper", description: "Writes code", category_id: coding }, null);
    expect(await builder.now("catalogue ready")).toBe(true);
  });

  it("re-render only the pages that show a changed tool, in the live build, and serve them at once", async () => {
    const site = new StaticSite(builder.currentDir, undefined, 0);
    expect(new TextDecoder().decode(site.lookup("/tool/first-tool")?.variants.at(-1)?.body)).not.toContain("Edited");
    const live = realpathSync(builder.currentDir);
    const before = fileTimes();
    const tool = await getTool(db, { id: 1 });
    if (!tool) throw new Error("missing tool");
    await updateTool(db, 1, { description: "Edited description" });
    builder.toolsChanged("tool updated: first-tool", [tool]);
    await settle();
    expect(realpathSync(builder.currentDir)).toBe(live);
    // Its card changed: the three pages listing it as similar (the tools before it, wrapping) too.
    // Its feed item changed too: the site's feeds and its category's.
    expect(changedFiles(before)).toEqual([
      "/category/writing/feed.xml",
      "/category/writing/index.html",
      "/feed.json",
      "/feed.xml",
      "/index.html",
      "/sitemap-0.xml",
      "/sitemap-index.xml",
      "/tool/fifth-tool/index.html",
      "/tool/first-tool/index.html",
      "/tool/fourth-tool/index.html",
      "/tool/sixth-tool/index.html",
    ]);
    expect(livePage()).toContain("Edited description");
    expect(readFileSync(join(builder.currentDir, "category/writing/feed.xml"), "utf8")).toContain("Edited description");
    expect(readFileSync(join(builder.currentDir, "tool/sixth-tool/index.html"), "utf8")).toContain(
      "Edited description",
    );
    // The server's in-memory copy follows the change without a restart.
    expect(new TextDecoder().decode(site.lookup("/tool/first-tool")?.variants.at(-1)?.body)).toContain(
      "Edited description",
    );
    const [last] = await listBuilds(db, 1);
    expect(last).toMatchObject({ outcome: "ok", reason: "incremental: tool updated: first-tool", pages: 11 });
  });

  it("re-render a reviewed tool's own pages only, even when it is among its category's leaders", async () => {
    const before = fileTimes();
    const tool = await getTool(db, { slug: "sixth-tool" });
    const member = await createUser(db, `reviewer-${Date.now()}@example.com`, "x", "user");
    if (!tool || !member) throw new Error("missing tool");
    await upsertReview(db, tool.id, member.id, 5, "Reviewed in place");
    builder.toolsChanged("review: sixth-tool", [tool]);
    await settle();
    expect(changedFiles(before)).toEqual([
      "/category/writing/index.html",
      "/index.html",
      "/sitemap-0.xml",
      "/sitemap-index.xml",
      "/tool/sixth-tool/index.html",
    ]);
    expect(readFileSync(join(builder.currentDir, "tool/sixth-tool/index.html"), "utf8")).toContain("Reviewed in place");
  });

  it("re-render both categories and the neighbour pages when a tool moves", async () => {
    const before = fileTimes();
    const tool = await getTool(db, { id: 1 });
    if (!tool) throw new Error("missing tool");
    const moved = await updateTool(db, 1, { category_id: coding, is_featured: true });
    if (!moved) throw new Error("missing tool");
    builder.toolsChanged("tool moved", [tool, moved]);
    await settle();
    const changed = changedFiles(before);
    expect(changed).toEqual(
      expect.arrayContaining([
        "/category/writing/index.html",
        "/category/coding/index.html",
        "/category/writing/feed.xml",
        "/category/coding/feed.xml",
        "/feed.xml",
      ]),
    );
    // The pages that listed it in Writing, and the one that lists it now in Coding.
    expect(changed.filter((p) => p.startsWith("/tool/")).sort()).toEqual([
      "/tool/code-helper/index.html",
      "/tool/fifth-tool/index.html",
      "/tool/first-tool/index.html",
      "/tool/fourth-tool/index.html",
      "/tool/sixth-tool/index.html",
    ]);
    expect(readFileSync(join(builder.currentDir, "tool/code-helper/index.html"), "utf8")).toContain("/tool/first-tool");
    expect(readFileSync(join(builder.currentDir, "tool/sixth-tool/index.html"), "utf8")).not.toContain(
      "/tool/first-tool",
    );
    expect(readFileSync(join(builder.currentDir, "category/coding/index.html"), "utf8")).toContain("First Tool");
    expect(readFileSync(join(builder.currentDir, "category/coding/feed.xml"), "utf8")).toContain("/tool/first-tool");
    expect(readFileSync(join(builder.currentDir, "category/writing/feed.xml"), "utf8")).not.toContain(
      "/tool/first-tool",
    );
  });

  it("re-render a tool's page and its old and new tag pages when its tags change", async () => {
    const drafting = await createTag(db, { name: "Drafting", description: "Tools that write first drafts" });
    const notes = await createTag(db, { name: "Notes" });
    const fifth = await getTool(db, { slug: "fifth-tool" });
    if (!fifth) throw new Error("missing tool");
    const tagged = await updateTool(db, fifth.id, { tag_ids: [drafting.id] });
    if (!tagged) throw new Error("missing tool");
    builder.toolsChanged("tool updated: fifth-tool", [fifth, tagged]);
    await settle();
    const tagPage = () => readFileSync(join(builder.currentDir, "tag/drafting/index.html"), "utf8");
    expect(tagPage()).toContain("Fifth Tool");
    expect(tagPage()).toContain("Tools that write first drafts");
    expect(readFileSync(join(builder.currentDir, "tool/fifth-tool/index.html"), "utf8")).toContain(
      'href="/tag/drafting"',
    );
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).toContain("/tag/drafting");

    const before = fileTimes();
    const retagged = await updateTool(db, fifth.id, { tag_ids: [notes.id] });
    if (!retagged) throw new Error("missing tool");
    builder.toolsChanged("tool updated: fifth-tool", [tagged, retagged]);
    await settle();
    // Drafting has no tool left: its page goes, with its sitemap entry.
    expect(changedFiles(before)).toEqual([
      "/category/writing/index.html",
      "/index.html",
      "/sitemap-0.xml",
      "/sitemap-index.xml",
      "/tag/drafting/index.html",
      "/tag/notes/index.html",
      "/tool/fifth-tool/index.html",
    ]);
    expect(existsSync(join(builder.currentDir, "tag/drafting/index.html"))).toBe(false);
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).not.toContain("/tag/drafting");
    const [last] = await listBuilds(db, 1);
    expect(last).toMatchObject({ outcome: "ok", pages: 7 });
  });

  it("move a renamed tag's page and re-render the pages of its tools", async () => {
    const notes = (await getTool(db, { slug: "fifth-tool" }))?.tags[0];
    if (!notes) throw new Error("missing tag");
    const tools = await listTools(db, { tags: [notes.slug], limit: 100, offset: 0 });
    const before = fileTimes();
    const renamed = await updateTag(db, notes.id, { name: "Meeting Notes" });
    if (!renamed) throw new Error("missing tag");
    builder.toolsChanged("tag updated: meeting-notes", tools, [renamed.before.slug, renamed.after.slug]);
    await settle();
    expect(changedFiles(before)).toEqual([
      "/category/writing/index.html",
      "/index.html",
      "/sitemap-0.xml",
      "/sitemap-index.xml",
      "/tag/meeting-notes/index.html",
      "/tag/notes/index.html",
      "/tool/fifth-tool/index.html",
    ]);
    expect(readFileSync(join(builder.currentDir, "tool/fifth-tool/index.html"), "utf8")).toContain(
      'href="/tag/meeting-notes"',
    );
  });

  it("remove a deleted tool's page and its sitemap entry", async () => {
    const tool = await getTool(db, { id: 2 });
    if (!tool) throw new Error("missing tool");
    await deleteTool(db, 2);
    builder.toolsChanged("tool deleted: second-tool", [tool]);
    await settle();
    expect(existsSync(join(builder.currentDir, "tool/second-tool/index.html"))).toBe(false);
    const sitemap = readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8");
    expect(sitemap).not.toContain("/tool/second-tool");
    expect(sitemap).toContain("/tool/third-tool");
    for (const feed of ["feed.xml", "feed.json", "category/writing/feed.xml"]) {
      const body = readFileSync(join(builder.currentDir, feed), "utf8");
      expect(body, feed).not.toContain("/tool/second-tool");
      expect(body, feed).toContain("/tool/third-tool");
    }
  });

  it("leave every page as a full build of the same database writes it, byte for byte", async () => {
    // A submission, a rename and a review more, on top of the edits, move and deletion above.
    const submitted = await createTool(db, { name: "Seventh Tool", description: "New", category_id: writing }, null);
    builder.toolsChanged("tool submitted: seventh-tool", [submitted]);
    const third = await getTool(db, { slug: "third-tool" });
    if (!third) throw new Error("missing tool");
    const renamed = await updateTool(db, third.id, { name: "Third Tool Renamed" });
    if (!renamed) throw new Error("missing tool");
    builder.toolsChanged("tool updated: third-tool", [third, renamed]);
    const member = await createUser(db, `reviewer-${Date.now()}@example.com`, "x", "user");
    if (!member) throw new Error("no member");
    await upsertReview(db, submitted.id, member.id, 3, "Fine");
    builder.toolsChanged("review: seventh-tool", [submitted]);
    // Tags given to two tools, then one tag merged into the other.
    const [summaries, outlines] = [
      await createTag(db, { name: "Summaries" }),
      await createTag(db, { name: "Outlines" }),
    ];
    const seventh = await getTool(db, { id: submitted.id });
    if (!seventh) throw new Error("missing tool");
    const seventhTagged = await updateTool(db, submitted.id, { tag_ids: [summaries.id, outlines.id] });
    const thirdTagged = await updateTool(db, renamed.id, { tag_ids: [outlines.id] });
    if (!seventhTagged || !thirdTagged) throw new Error("missing tool");
    builder.toolsChanged("tools tagged", [seventh, seventhTagged, renamed, thirdTagged]);
    const outlined = await listTools(db, { tags: ["outlines"], limit: 100, offset: 0 });
    await mergeTags(db, outlines.id, summaries.id);
    builder.toolsChanged("tag merged: outlines into summaries", outlined, ["outlines", "summaries"]);
    await settle();
    // The new tool heads the feeds; the renamed one is listed under its new slug.
    const feed = JSON.parse(readFileSync(join(builder.currentDir, "feed.json"), "utf8"));
    expect(feed.items[0]).toMatchObject({ title: "Seventh Tool", url: expect.stringMatching(/\/tool\/seventh-tool$/) });
    const writingFeed = readFileSync(join(builder.currentDir, "category/writing/feed.xml"), "utf8");
    expect(writingFeed).toContain("/tool/seventh-tool");
    expect(writingFeed).toContain("/tool/third-tool-renamed");
    expect(writingFeed).not.toContain("/tool/third-tool<");

    const reference = new SiteBuilder({
      db,
      siteDir: join(dir, "reference-site"),
      databaseUrl: `file:${join(dir, "app.db")}`,
      debounceMs: 10,
      log: () => {},
    });
    try {
      expect(await reference.now("reference")).toBe(true);
      const full = pages(realpathSync(reference.currentDir));
      const incremental = pages(realpathSync(builder.currentDir));
      expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
      const differing = [...full].filter(([path, html]) => incremental.get(path) !== html).map(([path]) => path);
      expect(differing).toEqual([]);
    } finally {
      reference.close();
    }
  });
});

describe("builds side by side", () => {
  it("of two sites outside the project at once both go live, neither sharing the other's server bundle", async () => {
    // Each renderer has its own working folder: Astro's server bundle of one build is never
    // overwritten or removed by the other's (they once shared the project's .astro/).
    const other = join(dir, "other");
    const url = `file:${join(other, "app.db")}`;
    const otherDb = await openDb({ url });
    await migrateDb(otherDb);
    const category = await createCategory(otherDb, { name: "Other", slug: "other" });
    await createTool(otherDb, { name: "Other Tool", category_id: category.id }, null);
    const second = new SiteBuilder({
      db: otherDb,
      siteDir: join(other, "site"),
      databaseUrl: url,
      debounceMs: 10,
      log: () => {},
    });
    const shared = join(import.meta.dirname, "../.astro/.prerender");
    let sharedSeen = false;
    const builds = Promise.all([builder.now("side by side"), second.now("side by side")]);
    let done = false;
    void builds.finally(() => {
      done = true;
    });
    try {
      // Throughout both builds, nothing is written to the folder they would share.
      while (!done) {
        sharedSeen ||= existsSync(shared);
        await new Promise((r) => setTimeout(r, 5));
      }
      expect(sharedSeen).toBe(false);
      expect(await builds).toEqual([true, true]);
      expect(existsSync(join(second.currentDir, "tool/other-tool/index.html"))).toBe(true);
      expect(livePage()).toContain("First Tool");
    } finally {
      second.close();
      otherDb.$client.close();
    }
  });
});

describe("restarts", () => {
  it("rebuild everything when the last pass was cut off by a killed process", async () => {
    const dead = await startBuild(db, "incremental: killed mid-way");
    const restarted = new SiteBuilder({
      db,
      siteDir: join(dir, "site"),
      databaseUrl: `file:${join(dir, "app.db")}`,
      debounceMs: 10,
      log: () => {},
    });
    try {
      await restarted.prepare();
      const [latest, interrupted] = await listBuilds(db, 2);
      expect(interrupted).toMatchObject({ id: dead, outcome: "failed" });
      expect(interrupted?.error).toMatch(/interrupted/);
      expect(latest).toMatchObject({ outcome: "ok", reason: "the previous update was interrupted" });
    } finally {
      restarted.close();
    }
  });
});

describe("the build lock", () => {
  it("has one holder at a time, and frees a lease its holder stopped renewing", async () => {
    const t = Date.parse("2026-01-01T00:00:00Z");
    expect(await takeBuildLock(db, "host-a:1:a", 60_000, t)).toBe(true);
    expect(await takeBuildLock(db, "host-b:1:b", 60_000, t + 30_000)).toBe(false);
    expect(await renewBuildLock(db, "host-a:1:a", t + 50_000)).toBe(true);
    expect(await takeBuildLock(db, "host-b:1:b", 60_000, t + 100_000)).toBe(false);
    // Not renewed for a whole lease: another machine takes it, and the old holder learns it lost it.
    expect(await takeBuildLock(db, "host-b:1:b", 60_000, t + 111_000)).toBe(true);
    expect(await renewBuildLock(db, "host-a:1:a", t + 112_000)).toBe(false);
    await releaseBuildLock(db, "host-a:1:a");
    expect(await takeBuildLock(db, "host-c:1:c", 60_000, t + 113_000)).toBe(false);
    await releaseBuildLock(db, "host-b:1:b");
  });

  it("is taken over at once from a process of this machine that no longer exists, never from a live one", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString();
    const now = Date.now();
    expect(await takeBuildLock(db, `${hostname()}:${dead}:x`, 60_000, now)).toBe(true);
    expect(await takeBuildLock(db, "restarted", 60_000, now + 1000)).toBe(true);
    await releaseBuildLock(db, "restarted");
    expect(await takeBuildLock(db, `${hostname()}:${process.ppid}:y`, 60_000, now)).toBe(true);
    expect(await takeBuildLock(db, "restarted", 60_000, now + 1000)).toBe(false);
    await releaseBuildLock(db, `${hostname()}:${process.ppid}:y`);
  });
});
