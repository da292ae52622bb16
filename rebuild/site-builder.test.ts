import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaticSite } from "../api/static";
import { type Db, migrateDb, openDb } from "../db/client";
import { createArticle } from "../db/queries/articles";
import { releaseBuildLock, renewBuildLock, takeBuildLock } from "../db/queries/build-lock";
import { contentVersion, listBuilds, startBuild } from "../db/queries/builds";
import { createCategory, getCategory, updateCategory } from "../db/queries/categories";
import { setToolStatus } from "../db/queries/moderation";
import { composeWeeklyIssue, startSending } from "../db/queries/newsletter";
import { upsertReview } from "../db/queries/reviews";
import type { Tool } from "../db/queries/rows";
import { createTag, mergeTags, updateTag } from "../db/queries/tags";
import { createTool, deleteTool, getTool, listTools, updateTool } from "../db/queries/tools";
import { createUser } from "../db/queries/users";
import { comparisons, tags, toolTags } from "../db/schema";
import { readVersion } from "./output";
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
  return [...changed, ...removed].filter((path) => !/\/\.site-/.test(path)).sort();
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
    // Six writing tools sharing nothing but their category and pricing: each lists the others,
    // the three that follow it (by id, wrapping around) first.
    for (const name of ["Second Tool", "Third Tool", "Fourth Tool", "Fifth Tool", "Sixth Tool"]) {
      await createTool(db, { name, description: name, category_id: writing }, null);
    }
    await createTool(db, { name: "Code Helper", description: "Writes code", category_id: coding }, null);
    expect(await builder.now("catalogue ready")).toBe(true);
  });

  const page = (path: string) => readFileSync(join(builder.currentDir, path, "index.html"), "utf8");
  const exists = (path: string) => existsSync(join(builder.currentDir, path, "index.html"));
  const WRITING_ALTERNATIVES = ["first", "second", "third", "fourth", "fifth", "sixth"].map(
    (n) => `/alternatives/${n}-tool/index.html`,
  );

  it("re-render only the pages that show a changed tool, in the live build, and serve them at once", async () => {
    const site = new StaticSite(builder.currentDir, undefined, 0);
    expect(new TextDecoder().decode(site.lookup("/tool/first-tool")?.variants.at(-1)?.body)).not.toContain("Edited");
    expect(page("/tool/sixth-tool")).toContain('href="/alternatives/sixth-tool"');
    const live = realpathSync(builder.currentDir);
    const before = fileTimes();
    const tool = await getTool(db, { id: 1 });
    if (!tool) throw new Error("missing tool");
    await updateTool(db, 1, { description: "Edited description" });
    builder.toolsChanged("tool updated: first-tool", [tool]);
    await settle();
    expect(realpathSync(builder.currentDir)).toBe(live);
    // Its card changed: the three tool pages listing it as similar (the tools before it,
    // wrapping), and the alternatives pages listing it. Its feed item changed too: the site's
    // feeds and its category's.
    expect(changedFiles(before)).toEqual(
      [
        ...WRITING_ALTERNATIVES,
        "/category/writing/feed.xml",
        "/category/writing/index.html",
        "/feed.json",
        "/feed.xml",
        "/index.html",
        "/llms-full.txt",
        // Its date moved in the sitemap; the index, listing the same files, is left as it is.
        "/sitemap-0.xml",
        "/tool/fifth-tool/index.html",
        "/tool/first-tool/index.html",
        "/tool/fourth-tool/index.html",
        "/tool/sixth-tool/index.html",
      ].sort(),
    );
    expect(readFileSync(join(builder.currentDir, "category/writing/feed.xml"), "utf8")).toContain("Edited description");
    expect(readFileSync(join(builder.currentDir, "llms-full.txt"), "utf8")).toMatch(
      /^- \[First Tool\]\(http[^)]*\/tool\/first-tool\): [^.]+\. Edited description$/m,
    );
    expect(livePage()).toContain("Edited description");
    expect(page("/tool/sixth-tool")).toContain("Edited description");
    expect(page("/alternatives/third-tool")).toContain("Edited description");
    // The server's in-memory copy follows the change without a restart.
    expect(new TextDecoder().decode(site.lookup("/tool/first-tool")?.variants.at(-1)?.body)).toContain(
      "Edited description",
    );
    const [last] = await listBuilds(db, 1);
    expect(last).toMatchObject({ outcome: "ok", reason: "incremental: tool updated: first-tool", pages: 17 });
  });

  it("re-render a reviewed tool's page and the alternatives pages showing its rating, no other tool page", async () => {
    const before = fileTimes();
    const tool = await getTool(db, { slug: "sixth-tool" });
    const member = await createUser(db, `reviewer-${Date.now()}@example.com`, "x", "user");
    if (!tool || !member) throw new Error("missing tool");
    await upsertReview(db, tool.id, member.id, 5, "Reviewed in place");
    builder.toolsChanged("review: sixth-tool", [tool]);
    await settle();
    expect(changedFiles(before)).toEqual(
      [
        ...WRITING_ALTERNATIVES,
        "/category/writing/index.html",
        "/index.html",
        // A review moves no sitemap entry: the sitemap files are left as they are.
        "/tool/sixth-tool/index.html",
      ].sort(),
    );
    expect(page("/tool/sixth-tool")).toContain("Reviewed in place");
    expect(page("/alternatives/first-tool")).toContain("5.0 (1)");
  });

  it("re-render both categories and the neighbour pages when a tool moves, and drop an alternatives page below three", async () => {
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
    expect(page("/tool/code-helper")).toContain("/tool/first-tool");
    expect(page("/tool/sixth-tool")).not.toContain("/tool/first-tool");
    expect(page("/category/coding")).toContain("First Tool");
    // In Coding it has one alternative: no page of alternatives any more, nor in the sitemap.
    expect(exists("/alternatives/first-tool")).toBe(false);
    expect(exists("/alternatives/code-helper")).toBe(false);
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).not.toContain("/alternatives/first-tool");
    expect(page("/tool/first-tool")).not.toContain("/alternatives/first-tool");
    expect(page("/alternatives/second-tool")).not.toContain("First Tool");
  });

  it("re-rank other tools when tags and descriptions change, and render their comparison pages", async () => {
    const [assistants] = await db.insert(tags).values({ slug: "assistants", name: "Assistants" }).returning();
    const helper = await getTool(db, { slug: "code-helper" });
    const third = await getTool(db, { slug: "third-tool" });
    if (!assistants || !helper || !third) throw new Error("missing records");
    await db.insert(toolTags).values([
      { tool_id: helper.id, tag_id: assistants.id },
      { tool_id: third.id, tag_id: assistants.id },
    ]);
    const before = fileTimes();
    builder.toolsChanged("tags: code-helper, third-tool", [helper, third]);
    await settle();
    // A shared rare tag outranks sharing a category.
    expect(page("/tool/third-tool")).toMatch(/Code Helper[\s\S]*Shares tag: Assistants[\s\S]*Fourth Tool/);
    expect(page("/tool/code-helper")).toContain("/tool/third-tool");
    const touched = changedFiles(before).filter((p) => p.startsWith("/tool/"));
    expect(touched).toEqual(["/tool/code-helper/index.html", "/tool/third-tool/index.html"]);

    // A distinctive word in two descriptions (and a tool that grows popular) moves more lists.
    const fourth = await getTool(db, { slug: "fourth-tool" });
    if (!fourth) throw new Error("missing tool");
    await db.$client.execute({ sql: "UPDATE tools SET saves_count = 3 WHERE id = ?", args: [fourth.id] });
    const edited = await updateTool(db, fourth.id, { description: "Refactoring legacy code by hand" });
    const helperNow = await getTool(db, { slug: "code-helper" });
    if (!edited || !helperNow) throw new Error("missing tool");
    const renamed = await updateTool(db, helperNow.id, { description: "Writes legacy code and suggests refactoring" });
    if (!renamed) throw new Error("missing tool");
    builder.toolsChanged("tool updated: fourth-tool", [fourth, edited]);
    builder.toolsChanged("tool updated: code-helper", [helperNow, renamed]);
    await settle();
    // Only real words count as shared ("refactoring" is not in the word list).
    expect(page("/tool/fourth-tool")).toMatch(/Both mention (“code” and “legacy”|“legacy” and “code”)/);
    // Fourth Tool is now among the most saved: comparison pages with its first two alternatives.
    expect(exists("/compare/fifth-tool-vs-fourth-tool")).toBe(true);
    expect(exists("/compare/fourth-tool-vs-sixth-tool")).toBe(true);
    expect(page("/compare/fifth-tool-vs-fourth-tool")).toContain("Refactoring legacy code by hand");
    expect(page("/tool/fifth-tool")).toContain('href="/compare/fifth-tool-vs-fourth-tool"');

    // An admin's comparison with verdicts.
    const fifth = await getTool(db, { slug: "fifth-tool" });
    const sixth = await getTool(db, { slug: "sixth-tool" });
    if (!fifth || !sixth) throw new Error("missing tool");
    await db.insert(comparisons).values({ tool_a_id: fifth.id, tool_b_id: sixth.id, verdict_a: "Fifth wins on price" });
    builder.toolsChanged("comparison created: fifth-tool-vs-sixth-tool", [fifth, sixth]);
    await settle();
    expect(page("/compare/fifth-tool-vs-sixth-tool")).toContain("Fifth wins on price");
    expect(page("/tool/sixth-tool")).toContain("Fifth Tool vs Sixth Tool");
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).toContain(
      "/compare/fifth-tool-vs-sixth-tool",
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
    // Drafting has no tool left: its page goes, with its sitemap entry. The tool's new tags move
    // it in the lists of the tools listing it: their alternatives and comparison pages.
    expect(changedFiles(before)).toEqual([
      "/alternatives/fifth-tool/index.html",
      "/alternatives/fourth-tool/index.html",
      "/alternatives/second-tool/index.html",
      "/alternatives/sixth-tool/index.html",
      "/alternatives/third-tool/index.html",
      "/category/writing/index.html",
      "/compare/fifth-tool-vs-fourth-tool/index.html",
      "/compare/fifth-tool-vs-sixth-tool/index.html",
      "/index.html",
      "/sitemap-0.xml",
      "/tag/drafting/index.html",
      "/tag/notes/index.html",
      "/tool/fifth-tool/index.html",
    ]);
    expect(existsSync(join(builder.currentDir, "tag/drafting/index.html"))).toBe(false);
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).not.toContain("/tag/drafting");
    const [last] = await listBuilds(db, 1);
    expect(last).toMatchObject({ outcome: "ok", pages: 13 });
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
    // The alternatives and comparison pages of its tool's list name the tag among the reasons.
    expect(changedFiles(before)).toEqual([
      "/alternatives/fifth-tool/index.html",
      "/alternatives/fourth-tool/index.html",
      "/alternatives/second-tool/index.html",
      "/alternatives/sixth-tool/index.html",
      "/alternatives/third-tool/index.html",
      "/category/writing/index.html",
      "/compare/fifth-tool-vs-fourth-tool/index.html",
      "/compare/fifth-tool-vs-sixth-tool/index.html",
      "/index.html",
      "/sitemap-0.xml",
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
    // A file left from when the sitemap was longer (45,000 entries a file) goes with the next pass.
    writeFileSync(join(builder.currentDir, "sitemap-1.xml"), "<urlset/>");
    await deleteTool(db, 2);
    builder.toolsChanged("tool deleted: second-tool", [tool]);
    await settle();
    expect(existsSync(join(builder.currentDir, "sitemap-1.xml"))).toBe(false);
    expect(existsSync(join(builder.currentDir, "sitemap-0.xml"))).toBe(true);
    expect(existsSync(join(builder.currentDir, "tool/second-tool/index.html"))).toBe(false);
    expect(exists("/alternatives/second-tool")).toBe(false);
    const sitemap = readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8");
    expect(sitemap).not.toContain("/tool/second-tool");
    expect(sitemap).not.toContain("/alternatives/second-tool");
    expect(sitemap).toContain("/tool/third-tool");
    for (const feed of ["feed.xml", "feed.json", "category/writing/feed.xml"]) {
      const body = readFileSync(join(builder.currentDir, feed), "utf8");
      expect(body, feed).not.toContain("/tool/second-tool");
      expect(body, feed).toContain("/tool/third-tool");
    }
  });

  it("show a tool hidden by moderation on no page, feed or sitemap; approved, everywhere; rejected, nowhere again", async () => {
    const live = () => pages(realpathSync(builder.currentDir));
    /** The files of the live build naming the tool. */
    const naming = () => [...live()].filter(([, body]) => /hidden-gem|Hidden Gem/.test(body)).map(([path]) => path);
    const hiddenTag = await createTag(db, { name: "Hidden Tag" });
    const notes = await getTool(db, { slug: "fifth-tool" });
    if (!notes) throw new Error("missing tool");
    const member = await createUser(db, `maker-${Date.now()}@example.com`, "x", "user");
    if (!member) throw new Error("no member");
    // Shares the writing tools' category and the fifth tool's tag: it would be everyone's alternative.
    const pending = await createTool(
      db,
      {
        name: "Hidden Gem",
        description: "Hidden Gem drafts prose",
        category_id: writing,
        tag_ids: [hiddenTag.id, ...notes.tags.map((t) => t.id)],
      },
      member.id,
      "pending",
    );
    // An admin's comparison naming it makes no page while it is hidden.
    await db.insert(comparisons).values({ tool_a_id: notes.id, tool_b_id: pending.id });
    builder.toolsChanged("tool submitted for review: hidden-gem", [pending]);
    await settle();
    expect(naming()).toEqual([]);
    expect(exists("/tag/hidden-tag")).toBe(false);
    expect(page("/category/writing")).not.toContain("Hidden Gem");

    const approved = await setToolStatus(db, [pending.id], "published");
    builder.toolsChanged("tool approved: hidden-gem", [...approved.before, ...approved.after]);
    await settle();
    expect(page("/tool/hidden-gem")).toContain("Hidden Gem drafts prose");
    expect(page("/category/writing")).toContain("Hidden Gem");
    expect(page("/tag/hidden-tag")).toContain("Hidden Gem");
    expect(page("/compare/fifth-tool-vs-hidden-gem")).toContain("Hidden Gem");
    for (const file of ["sitemap-0.xml", "feed.xml", "feed.json", "category/writing/feed.xml", "llms-full.txt"]) {
      expect(readFileSync(join(builder.currentDir, file), "utf8"), file).toContain("/tool/hidden-gem");
    }
    expect(readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8")).toContain("/tag/hidden-tag");
    // Its neighbours list it among their alternatives.
    expect(naming().filter((path) => path.startsWith("/alternatives/")).length).toBeGreaterThan(0);
    const [build] = await listBuilds(db, 1);
    expect(build).toMatchObject({ outcome: "ok", reason: "incremental: tool approved: hidden-gem" });

    const rejected = await setToolStatus(db, [pending.id], "rejected", "Not a real product");
    builder.toolsChanged("tool rejected: hidden-gem", [...rejected.before, ...rejected.after]);
    await settle();
    expect(naming()).toEqual([]);
    expect(exists("/tool/hidden-gem")).toBe(false);
    expect(exists("/tag/hidden-tag")).toBe(false);
    expect(exists("/compare/fifth-tool-vs-hidden-gem")).toBe(false);
  });

  it("render an article's pages and a renamed category's readers in place, from what each page read", async () => {
    const live = realpathSync(builder.currentDir);
    // What each page read is saved beside the build: the category page read its category.
    const graph = JSON.parse(readFileSync(join(live, ".site-reads-0.json"), "utf8")) as Record<string, string[]>;
    expect(graph["/category/coding"]).toContain(`category:${coding}`);

    let before = fileTimes();
    const article = await createArticle(db, {
      title: "Picking a code helper",
      slug: "picking-a-code-helper",
      content: "Try [Code Helper](/tool/code-helper).",
      status: "published",
    } as never);
    builder.toolsChanged("article created", [], [], [{ kind: "article", id: article.id, slug: null }]);
    await settle();
    // Its page, and the pages that list articles: the blog, its feed and the sitemap file listing
    // it (the sitemap index lists the same files); no tool page.
    expect(changedFiles(before)).toEqual(
      ["/blog/index.html", "/blog/picking-a-code-helper/index.html", "/blog/rss.xml", "/sitemap-0.xml"].sort(),
    );

    before = fileTimes();
    const untouched = page("/category/writing");
    await updateCategory(db, coding, { name: "Programming", slug: "programming" });
    builder.toolsChanged("category updated", [], [], [{ kind: "category", id: coding, slug: "coding" }]);
    await settle();
    expect(realpathSync(builder.currentDir)).toBe(live);
    expect(exists("/category/coding")).toBe(false);
    expect(page("/category/programming")).toContain("Programming AI Tools");
    expect(page("/tool/code-helper")).toContain('href="/category/programming"');
    expect(page("/")).toContain("Programming (");
    const changed = changedFiles(before);
    expect(changed).toEqual(
      expect.arrayContaining(["/index.html", "/tool/code-helper/index.html", "/category/programming/index.html"]),
    );
    // A page that shows nothing of the category was left as it was.
    expect(graph["/category/writing"]).not.toContain(`category:${coding}`);
    expect(changed).not.toContain("/category/writing/index.html");
    expect(page("/category/writing")).toBe(untouched);
    const [last] = await listBuilds(db, 1);
    expect(last?.reason).toBe("incremental: category updated");
  });

  it("render a newsletter issue's archive page, the archive and the sitemap when it is sent, nothing else", async () => {
    const before = fileTimes();
    const issue = await composeWeeklyIssue(db, new Date(), "AI Tools Directory");
    const started = issue && (await startSending(db, issue.id, new Date()));
    if (!started?.number) throw new Error("the issue did not start");
    // The newsletter sponsor it carried, as sending keeps it in its content: its page shows it.
    const sponsor = { id: 4242, title: "Letter Sponsor", body: "Sent with the issue", image_url: null };
    await db.$client.execute({
      sql: "UPDATE newsletter_issues SET content = json_set(content, '$.sponsors', json(?)) WHERE id = ?",
      args: [JSON.stringify([sponsor]), started.id],
    });
    // What the newsletter job hands the builder when an issue starts sending (jobs/index.ts).
    builder.toolsChanged(
      `newsletter issue ${started.number} sent`,
      [],
      [],
      [{ kind: "newsletter", number: started.number }],
    );
    await settle();
    expect(changedFiles(before)).toEqual(
      [`/newsletter/${started.number}/index.html`, "/newsletter/index.html", "/sitemap-0.xml"].sort(),
    );
    expect(page(`/newsletter/${started.number}`)).toContain(started.subject);
    expect(page(`/newsletter/${started.number}`)).toMatch(
      /Sponsored<\/span>[\s\S]*<a href="\/api\/sponsors\/4242\/click" rel="sponsored noopener"[^>]*>Letter Sponsor<\/a>/,
    );
    expect(page("/newsletter")).toContain(`href="/newsletter/${started.number}"`);
    const sitemap = readFileSync(join(builder.currentDir, "sitemap-0.xml"), "utf8");
    expect(sitemap).toContain(`/newsletter/${started.number}</loc>`);
    expect(sitemap).toContain("/newsletter</loc>");
  });

  it("leave every page as a full build of the same database writes it, byte for byte", async () => {
    // A submission, a rename, a review, a tag and a description more, on top of the changes above.
    const submitted = await createTool(
      db,
      { name: "Seventh Tool", description: "Refactoring assistant", category_id: writing },
      null,
    );
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
    const [assistants] = await db.select().from(tags);
    const sixth = await getTool(db, { slug: "sixth-tool" });
    if (!assistants || !sixth) throw new Error("missing records");
    await db.insert(toolTags).values({ tool_id: sixth.id, tag_id: assistants.id });
    const described = await updateTool(db, sixth.id, { description: "An assistant for refactoring" });
    if (!described) throw new Error("missing tool");
    builder.toolsChanged("tool updated: sixth-tool", [sixth, described]);
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
      expect([...full.keys()]).toEqual(expect.arrayContaining(["/alternatives/sixth-tool/index.html"]));
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

describe("a restarted renderer", () => {
  it("renders a change in place from the alternatives saved beside the live build", async () => {
    const restarted = new SiteBuilder({
      db,
      siteDir: join(dir, "site"),
      databaseUrl: `file:${join(dir, "app.db")}`,
      debounceMs: 10,
      log: () => {},
    });
    try {
      await restarted.prepare();
      const [ready] = await listBuilds(db, 1);
      const tool = await getTool(db, { slug: "fifth-tool" });
      if (!tool) throw new Error("missing tool");
      // What the live sitemap files were made from is kept beside the build: after a restart too,
      // a change that moves no sitemap entry (a review) leaves them as they are.
      const sitemap = () => statSync(join(restarted.currentDir, "sitemap-0.xml")).ino;
      const kept = sitemap();
      const member = await createUser(db, `after-restart-${Date.now()}@example.com`, "x", "user");
      if (!member) throw new Error("missing member");
      await upsertReview(db, tool.id, member.id, 4, "Reviewed after a restart");
      restarted.toolsChanged("review after a restart", [tool]);
      await restarted.settled();
      expect(readFileSync(join(restarted.currentDir, "tool/fifth-tool/index.html"), "utf8")).toContain(
        "Reviewed after a restart",
      );
      expect(sitemap()).toBe(kept);
      const updated = await updateTool(db, tool.id, { description: "Described after a restart" });
      if (!updated) throw new Error("missing tool");
      restarted.toolsChanged("after a restart", [tool, updated]);
      await restarted.settled();
      const [pass] = await listBuilds(db, 1);
      expect(pass?.id).toBeGreaterThan(ready?.id ?? 0);
      expect(pass).toMatchObject({ outcome: "ok", reason: "incremental: after a restart" });
      expect(readFileSync(join(restarted.currentDir, "alternatives/sixth-tool/index.html"), "utf8")).toContain(
        "Described after a restart",
      );
    } finally {
      restarted.close();
    }
  });
});

describe("a change made while a wide one renders in batches", () => {
  it("goes live before the batches left, which follow in its pass", async () => {
    const logs: string[] = [];
    const tool = await getTool(db, { slug: "fifth-tool" });
    const writing = await getCategory(db, { slug: "writing" });
    if (!tool || !writing) throw new Error("missing fixture");
    const toolPage = () => readFileSync(join(batched.currentDir, "tool/fifth-tool/index.html"), "utf8");
    let reported = false;
    let edited: Tool | null = null;
    let liveEarly: boolean | null = null;
    // One reader a pass: the rename of a category that many pages show takes many batches.
    const batched: SiteBuilder = new SiteBuilder({
      db,
      siteDir: join(dir, "site"),
      databaseUrl: `file:${join(dir, "app.db")}`,
      debounceMs: 10,
      readersPerPass: 1,
      log: (message) => {
        logs.push(message);
        if (!message.startsWith("site update under way")) return;
        if (!reported) {
          // The rename's first batch is live: the tool edit is reported now.
          reported = true;
          if (edited) batched.toolsChanged("tool edited meanwhile", [tool, edited]);
        } else if (message.includes("tool edited meanwhile"))
          liveEarly ??= toolPage().includes("Edited between two batches");
      },
    });
    try {
      await batched.prepare();
      edited = await updateTool(db, tool.id, { description: "Edited between two batches" });
      await updateCategory(db, writing.id, { name: "Prose" });
      batched.toolsChanged("category renamed", [], [], [{ kind: "category", id: writing.id, slug: "writing" }]);
      await batched.settled();
      const updates = logs.filter((message) => message.startsWith("site updated"));
      // The rename's pass ended early, handing its readers on; the edit's pass went first.
      expect(updates[0]).toMatch(/\(category renamed\), \d+ readers left for the next pass$/);
      expect(updates.slice(1).join("\n")).toContain("tool edited meanwhile");
      expect(liveEarly).toBe(true);
      // In the end every reader shows the new name, and the live build is marked up to date.
      expect(toolPage()).toContain("Edited between two batches");
      for (const path of ["index.html", "category/writing/index.html", "tool/first-tool/index.html"]) {
        expect(readFileSync(join(batched.currentDir, path), "utf8"), path).toContain("Prose");
      }
      expect(readVersion(realpathSync(batched.currentDir))).toEqual(await contentVersion(db));
    } finally {
      batched.close();
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
