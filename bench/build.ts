import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { signToken } from "../api/tokens";
import { type Db, migrateDb, openDb } from "../db/client";
import { listPage } from "../db/queries/admin-list";
import { listBuilds } from "../db/queries/builds";
import { Discovery } from "../db/queries/discovery";
import { upsertReview } from "../db/queries/reviews";
import { listTags } from "../db/queries/tags";
import { getTool, listTools, toolList, updateTool } from "../db/queries/tools";
import { createUser, setRole } from "../db/queries/users";
import { SiteBuilder } from "../rebuild";
import { astroReference } from "./astro-reference";
import { BENCH_SECRET, dataset, diskBytes, median, printed, record, startServer, until } from "./lib";

type Built = { seconds: number; pages: number; peakGiB: number; builder: SiteBuilder; db: Db; dir: string };

/** The render workers of this process (forked by the site builder) and the peak RSS of each, in KiB. */
function workerPeaks(into: Map<number, number>): void {
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, "utf8").trim().split(/\s+/);
  } catch {}
  for (const pid of children.filter(Boolean).map(Number)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("rebuild/worker.ts")) continue;
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      into.set(pid, Math.max(into.get(pid) ?? 0, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0)));
    } catch {}
  }
}

/**
 * The product's own full build (SiteBuilder: Astro in `workers` render processes, `env` added to
 * theirs) of a copy of `source`; `peakGiB` is the highest peak RSS of one render worker.
 */
export async function fullBuild(
  source: string,
  name: string,
  workers?: number,
  env?: Record<string, string>,
): Promise<Built> {
  const dir = resolve(`data/bench/${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  copyFileSync(source, join(dir, "app.db"));
  const url = `file:${join(dir, "app.db")}`;
  const db = await openDb({ url });
  await migrateDb(db);
  const builder = new SiteBuilder({
    db,
    siteDir: join(dir, "site"),
    databaseUrl: url,
    debounceMs: 0,
    workers,
    env,
    log: () => {},
  });
  const peaks = new Map<number, number>();
  const sample = setInterval(() => workerPeaks(peaks), 100);
  // The disk starts quiet: the previous build's pages (gigabytes at 100k tools) and the removal
  // of the old folder are written back before this build's clock starts, not during it.
  execFileSync("sync");
  const started = performance.now();
  const ok = await builder.now("bench");
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  if (!ok) throw new Error(`build of ${source} failed`);
  const pages = (await listBuilds(db, 1))[0]?.pages ?? 0;
  return { seconds, pages, peakGiB: Math.max(0, ...peaks.values()) / 1024 / 1024, builder, db, dir };
}

/** The mean size of a build's tool pages, in bytes. */
function meanToolPage(build: string): number {
  const pages = readdirSync(join(build, "tool")).map((slug) => statSync(join(build, "tool", slug, "index.html")).size);
  return pages.reduce((a, b) => a + b, 0) / pages.length;
}

/** A tool in the middle of the ranking: on its own page and its category's, in no similar-tools pool. */
async function typicalTool(db: Db) {
  const [tool] = await listTools(db, { limit: 1, offset: 5000 });
  if (!tool) throw new Error("dataset too small");
  return tool;
}

export async function buildFigures() {
  const workers = availableParallelism();
  const source = await dataset(10_000);
  const one = await fullBuild(source, "build-10k-one", 1);
  one.builder.close();
  one.db.$client.close();
  const large = await fullBuild(source, "build-10k", workers);
  const oneRate = one.pages / one.seconds;
  const rate = large.pages / large.seconds;
  record(
    {
      name: `full build, 10k tools: pages/s, ${workers} workers / 1 worker`,
      value: rate,
      unit: "pages/s",
      reference: oneRate,
      aim: `>= 1.7 with 2 workers (this machine: ${workers} cores)`,
    },
    rate / oneRate,
    workers < 2 || rate / oneRate >= 1.7,
  );
  record(
    {
      name: "full build, 10k tools: peak RSS of one render worker",
      value: large.peakGiB,
      unit: "GiB",
      reference: one.peakGiB,
      aim: "<= 1 GiB (reference: the one-worker build)",
    },
    large.peakGiB / one.peakGiB,
    large.peakGiB <= 1,
  );

  // The reference, same run, same machine: a minimal Astro project rendering as many pages of the
  // same size from the same tools, with no islands.
  const live = join(large.dir, "site/current");
  const reference = await astroReference(source, large.pages, meanToolPage(live));
  const referenceRate = reference.pages / reference.seconds;
  console.log(
    `  Astro reference: ${reference.pages} pages in ${reference.seconds.toFixed(1)} s, ${Math.round(reference.meanBytes)} bytes each (ours: ${Math.round(meanToolPage(live))})`,
  );
  console.log(`  one worker / the Astro reference: ${(oneRate / referenceRate).toFixed(3)}`);
  record(
    {
      name: `full build, 10k tools, ${workers} workers: pages/s / a minimal Astro project's (same pages, no islands)`,
      value: rate,
      unit: "pages/s",
      reference: referenceRate,
      aim: ">= 1 (the reference renders in one process)",
    },
    rate / referenceRate,
    rate / referenceRate >= 1,
  );

  // A second full build of unchanged content: its files are hard links to the first's.
  const builds = join(large.dir, "site/builds");
  const oneBuild = diskBytes(builds);
  if (!(await large.builder.now("the same content again"))) throw new Error("the second build failed");
  const twoBuilds = diskBytes(builds);
  record(
    {
      name: "disk of two consecutive full builds / one, 10k tools",
      value: twoBuilds / 2 ** 20,
      unit: "MiB",
      reference: oneBuild / 2 ** 20,
      aim: "<= 1.3 (hard links counted once)",
    },
    twoBuilds / oneBuild,
    twoBuilds / oneBuild <= 1.3,
  );

  const small = await fullBuild(await dataset(1_000), "build-1k", workers);
  small.builder.close();
  small.db.$client.close();
  const scale = large.seconds / small.seconds;
  record(
    {
      name: "build time 10k / build time 1k",
      value: large.seconds,
      unit: "s",
      reference: small.seconds,
      aim: "<= 11 (linear = 10)",
    },
    scale,
    scale <= 11,
  );

  // One tool edited, five times: the warm renderer re-renders its pages in the live build.
  const tool = await typicalTool(large.db);
  const page = join(large.dir, "site/current/tool", tool.slug, "index.html");
  const passes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const marker = `Edited in pass ${i} ${Date.now()}`;
    const before = await getTool(large.db, { id: tool.id });
    const after = await updateTool(large.db, tool.id, { description: marker });
    if (!before || !after) throw new Error("tool vanished");
    const started = performance.now();
    large.builder.toolsChanged("bench edit", [before, after]);
    await until(() => readFileSync(page, "utf8"), marker);
    await large.builder.settled();
    passes.push((performance.now() - started) / 1000);
  }
  const incremental = median(passes);
  record(
    {
      name: "rebuild after one tool changes / full build, 10k tools",
      value: incremental,
      unit: "s",
      reference: large.seconds,
      aim: "<= 0.05 (Astro incremental, no change: 0.59)",
    },
    incremental / large.seconds,
    incremental / large.seconds <= 0.05,
  );
  large.builder.close();
  large.db.$client.close();
  await saveToServed(large.dir, large.seconds, tool.id, tool.slug);
}

/**
 * The whole path a visitor sees: an admin's PUT /api/tools/:id on `npm start`'s server, until
 * GET /tool/<slug> serves the new text. The server starts on the 10k build and warms its
 * renderer first, as it does after every start.
 */
async function saveToServed(dir: string, fullSeconds: number, toolId: number, slug: string) {
  const url = `file:${join(dir, "app.db")}`;
  const db = await openDb({ url });
  const admin = (await createUser(db, `bench-admin-${Date.now()}@example.com`, "x", "admin")) ?? undefined;
  if (!admin) throw new Error("could not create the admin");
  await setRole(db, admin.id, "admin");
  db.$client.close();
  const token = await signToken(new TextEncoder().encode(BENCH_SECRET), admin.id, 0, "1h");
  const port = 4593;
  const server = await startServer({
    PORT: String(port),
    DATABASE_URL: url,
    SITE_DIR: join(dir, "site"),
    REBUILD_DEBOUNCE_MS: "600000",
  });
  try {
    if (!existsSync(join(dir, "site/current/index.html"))) throw new Error("no build to serve");
    await printed(server.child, "site renderer ready", "site built");
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const marker = `Saved from the admin ${i} ${Date.now()}`;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/tools/${toolId}`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ description: marker }),
      });
      if (!response.ok) throw new Error(`save answered ${response.status}`);
      await until(() => fetch(`http://127.0.0.1:${port}/tool/${slug}/`).then((r) => r.text()), marker);
      times.push((performance.now() - started) / 1000);
    }
    const value = median(times);
    record(
      {
        name: "time from admin save to the new content served, 10k tools",
        value,
        unit: "s",
        reference: fullSeconds,
        aim: "<= 5 s (reference: a full build)",
      },
      value / fullSeconds,
      value <= 5,
    );
  } finally {
    server.stop();
  }
}

/**
 * Pages re-rendered by one review of a tool among its category's first four (the tools every
 * category page and the home page lead with), on the 10k build: the figure the incremental pass
 * records for itself. Reference: the tool pages of that category, which a review of one of its
 * leaders used to re-render. Its own pages, and the alternatives and comparison pages whose
 * tables show its rating, are re-rendered: nothing else.
 *
 * Then one mid-ranked tool gets a tag: the pages whose alternatives that moves (its list, the
 * lists it enters or leaves, the lists of the tag's other holders when its weight steps), against
 * the pages of a full build.
 */
export async function reviewFigure() {
  const built = await fullBuild(await dataset(10_000), "review-10k");
  try {
    const [leader] = await listTools(built.db, { categoryId: 1, limit: 4, offset: 0 });
    if (!leader?.category_id) throw new Error("dataset has no category 1");
    const category = (
      await listPage(built.db, toolList, { range: [0, 0], filter: { category_id: leader.category_id } })
    ).total;
    const discovery = await Discovery.load(built.db);
    const showing = discovery.index.listing(leader.id).length + discovery.comparisonsOf(leader.id).length;
    const reviewer = await createUser(built.db, `bench-reviewer-${Date.now()}@example.com`, "x", "user");
    if (!reviewer) throw new Error("could not create the reviewer");
    const page = join(built.dir, "site/current/tool", leader.slug, "index.html");
    const marker = `Reviewed by the bench ${Date.now()}`;
    await upsertReview(built.db, leader.id, reviewer.id, 4, marker);
    built.builder.toolsChanged(`review: ${leader.slug}`, [leader]);
    await built.builder.settled();
    const [pass] = await listBuilds(built.db, 1);
    if (pass?.outcome !== "ok" || !readFileSync(page, "utf8").includes(marker))
      throw new Error("the review is not live");
    const pages = pass.pages ?? 0;
    // Its page, its category, the home page, the sitemap index and file, its alternatives page.
    const own = 6;
    record(
      {
        name: "pages re-rendered by one review of a category leader, 10k tools",
        value: pages,
        unit: "pages",
        reference: category,
        aim: `<= ${own} + the ${showing} alternatives and comparison pages showing its rating (reference: the tool pages of its category)`,
      },
      pages / category,
      pages <= own + showing,
    );

    const tool = await typicalTool(built.db);
    const tag = await built.db.$client.execute({
      sql: `SELECT tag_id FROM tool_tags WHERE tag_id NOT IN (SELECT tag_id FROM tool_tags WHERE tool_id = ?)
        GROUP BY tag_id HAVING count(*) BETWEEN 100 AND 300 ORDER BY count(*) LIMIT 1`,
      args: [tool.id],
    });
    await built.db.$client.execute({
      sql: "INSERT INTO tool_tags (tool_id, tag_id) VALUES (?, ?)",
      args: [tool.id, Number(tag.rows[0]?.tag_id)],
    });
    const started = performance.now();
    built.builder.toolsChanged(`tags: ${tool.slug}`, [tool]);
    await built.builder.settled();
    const seconds = (performance.now() - started) / 1000;
    const [tagged] = await listBuilds(built.db, 1);
    if (tagged?.outcome !== "ok") throw new Error("the tag change failed to render");
    const full = (await listBuilds(built.db, 3)).find((b) => !b.reason.startsWith("incremental"))?.pages ?? 0;
    record(
      {
        name: "pages re-rendered by one tool's new tag / full build, 10k tools",
        value: tagged.pages ?? 0,
        unit: "pages",
        reference: full,
        aim: "<= 0.01 of a full build",
      },
      (tagged.pages ?? 0) / full,
      (tagged.pages ?? 0) / full <= 0.01,
    );
    console.log(`  (the tag change went live in ${seconds.toFixed(2)} s)`);
  } finally {
    built.builder.close();
    built.db.$client.close();
  }
}

/**
 * Pages re-rendered when one tool's tags change (one of its tags dropped, a popular one added), on
 * the 10k build: the figure the incremental pass records for itself. Reference: every page of the
 * full build, which is what a change to tags cost before tag pages were planned.
 */
export async function tagsFigure() {
  const built = await fullBuild(await dataset(10_000), "tags-10k");
  try {
    const tool = await typicalTool(built.db);
    const mine = tool.tags.map((t) => t.id);
    const popular = (await listTags(built.db))
      .filter((t) => !mine.includes(t.id))
      .sort((a, b) => b.tools_count - a.tools_count)[0];
    if (!popular) throw new Error("the dataset has no tags");
    const after = await updateTool(built.db, tool.id, { tag_ids: [...mine.slice(1), popular.id] });
    if (!after) throw new Error("tool vanished");
    built.builder.toolsChanged(`tool updated: ${tool.slug}`, [tool, after]);
    await built.builder.settled();
    const [pass] = await listBuilds(built.db, 1);
    const page = readFileSync(join(built.dir, "site/current/tool", tool.slug, "index.html"), "utf8");
    if (pass?.outcome !== "ok" || !page.includes(`href="/tag/${popular.slug}"`))
      throw new Error("the change is not live");
    const pages = pass.pages ?? 0;
    record(
      {
        name: `pages re-rendered when one tool's tags change (${tool.tags.length} -> ${after.tags.length} tags), 10k tools`,
        value: pages,
        unit: "pages",
        reference: built.pages,
        aim: "<= 0.01 (reference: every page of a full build)",
      },
      pages / built.pages,
      pages / built.pages <= 0.01,
    );
  } finally {
    built.builder.close();
    built.db.$client.close();
  }
}
