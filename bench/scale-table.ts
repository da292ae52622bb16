import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { signToken } from "../api/tokens";
import { listTools } from "../db/queries/tools";
import { createUser, setRole } from "../db/queries/users";
import { fullBuild } from "./build";
import {
  BENCH_SECRET,
  dataset,
  diskBytes,
  median,
  percentile,
  printed,
  record,
  startServer,
  timeEach,
  until,
} from "./lib";
import { QUERIES } from "./search";

/** A record change served later than this misses the aim. */
const CHANGE_AIM_S = 2;
const IMPORT_AIM_S = 30;
const FULL_BUILD_AIM_S = 100;
const IMPORT_ROWS = 1000;

/**
 * `npm run bench -- --scale N` (not part of the default run: at 100k tools it takes the better
 * part of an hour on two cores): the scale table of one directory size. Full builds with one
 * worker and with one per core (pages/s, peak RSS per worker), the disk of one build and of two;
 * then `npm start`'s server on that build, and through its API, as an admin: the time from a tool
 * edit, an article edit, a category rename and a 1,000-row CSV import to the new content served;
 * search p50/p99 with filters over HTTP; and the server's RSS while it serves the site.
 */
export async function scaleTable(tools: number) {
  const label = tools >= 1000 ? `${Math.round(tools / 1000)}k` : String(tools);
  const workers = availableParallelism();
  const source = await dataset(tools);

  const one = await fullBuild(source, `scale-${label}-one`, 1);
  one.builder.close();
  one.db.$client.close();
  const all = await fullBuild(source, `scale-${label}`, workers);
  const builds = join(all.dir, "site/builds");
  const oneBuild = diskBytes(builds);
  if (!(await all.builder.now("the same content again"))) throw new Error("the second build failed");
  const twoBuilds = diskBytes(builds);
  all.builder.close();
  console.log(
    `  ${label}: ${all.pages} pages; 1 worker ${one.seconds.toFixed(1)} s (${(one.pages / one.seconds).toFixed(0)} pages/s, peak ${one.peakGiB.toFixed(2)} GiB); ${workers} workers ${all.seconds.toFixed(1)} s (${(all.pages / all.seconds).toFixed(0)} pages/s, peak ${all.peakGiB.toFixed(2)} GiB per worker); disk ${(oneBuild / 2 ** 30).toFixed(2)} GiB, two builds ${(twoBuilds / 2 ** 30).toFixed(2)} GiB`,
  );
  record(
    {
      name: `scale ${label}: full build, ${workers} workers (s)`,
      value: all.seconds,
      unit: "s",
      reference: one.seconds,
      aim: `<= ${FULL_BUILD_AIM_S} s (reference: one worker)`,
    },
    all.seconds / one.seconds,
    all.seconds <= FULL_BUILD_AIM_S,
  );
  record(
    {
      name: `scale ${label}: peak RSS of one render worker`,
      value: all.peakGiB,
      unit: "GiB",
      reference: one.peakGiB,
      aim: "<= 1 GiB (reference: the one-worker build)",
    },
    all.peakGiB / one.peakGiB,
    all.peakGiB <= 1,
  );
  record(
    {
      name: `scale ${label}: disk of two full builds / one`,
      value: twoBuilds / 2 ** 30,
      unit: "GiB",
      reference: oneBuild / 2 ** 30,
      aim: "<= 1.3",
    },
    twoBuilds / oneBuild,
    twoBuilds / oneBuild <= 1.3,
  );

  // The server on that build, changed through its API as an admin would.
  const url = `file:${join(all.dir, "app.db")}`;
  const admin = await createUser(all.db, `scale-admin-${Date.now()}@example.com`, "x", "admin");
  if (!admin) throw new Error("could not create the admin");
  await setRole(all.db, admin.id, "admin");
  const [tool] = await listTools(all.db, { limit: 1, offset: Math.floor(tools / 2) });
  const categories = await all.db.$client.execute("SELECT id, slug FROM categories ORDER BY id LIMIT 1");
  const category = categories.rows[0];
  if (!tool || !category) throw new Error("dataset too small");
  all.db.$client.close();
  const token = await signToken(new TextEncoder().encode(BENCH_SECRET), admin.id, 0, "1h");
  const server = await startServer({ PORT: "0", DATABASE_URL: url, SITE_DIR: join(all.dir, "site") });
  const api = (method: string, path: string, body?: BodyInit, type = "application/json") =>
    fetch(`${server.origin}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(typeof body === "string" ? { "content-type": type } : {}) },
      body,
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${method} ${path} answered ${r.status}: ${await r.text()}`);
      return r.json() as Promise<Record<string, unknown>>;
    });
  const served = (path: string) => () => fetch(`${server.origin}${path}`).then((r) => r.text());
  try {
    await printed(server.child, "site renderer ready", "site built");
    const timed = async (change: () => Promise<unknown>, path: string, marker: string) => {
      const started = performance.now();
      await change();
      await until(served(path), marker, 600_000);
      return (performance.now() - started) / 1000;
    };
    const times = async (rounds: number, once: (round: number) => Promise<number>) => {
      const all: number[] = [];
      for (let round = 0; round < rounds; round++) all.push(await once(round));
      return median(all);
    };
    const changes: [string, number][] = [];
    changes.push([
      "a tool edit",
      await times(3, (i) => {
        const marker = `Edited at scale ${i} ${Date.now()}`;
        return timed(
          () => api("PUT", `/tools/${tool.id}`, JSON.stringify({ description: marker })),
          `/tool/${tool.slug}/`,
          marker,
        );
      }),
    ]);
    const article = await api(
      "POST",
      "/admin/content",
      JSON.stringify({ title: "Scale notes", slug: "scale-notes", content: "First.", status: "published" }),
    );
    await until(served("/blog/scale-notes/"), "Scale notes", 600_000);
    changes.push([
      "an article edit",
      await times(3, (i) => {
        const marker = `Article edited ${i} ${Date.now()}`;
        return timed(
          () =>
            api(
              "PUT",
              `/admin/content/${article.id}`,
              JSON.stringify({ title: "Scale notes", slug: "scale-notes", content: marker, status: "published" }),
            ),
          "/blog/scale-notes/",
          marker,
        );
      }),
    ]);
    changes.push([
      "a category rename",
      await times(3, (i) => {
        const marker = `Renamed ${i} ${Date.now() % 100000}`;
        return timed(
          () => api("PUT", `/admin/categories/${category.id}`, JSON.stringify({ name: marker })),
          `/category/${category.slug}/`,
          marker,
        );
      }),
    ]);
    for (const [what, seconds] of changes) {
      record(
        {
          name: `scale ${label}: ${what} to the new content served`,
          value: seconds,
          unit: "s",
          reference: all.seconds,
          aim: `<= ${CHANGE_AIM_S} s (reference: a full build)`,
        },
        seconds / all.seconds,
        seconds <= CHANGE_AIM_S,
      );
    }

    const stamp = Date.now();
    const rows = Array.from(
      { length: IMPORT_ROWS },
      (_, i) => `Imported ${stamp} ${i},Bulk tool ${i} of ${stamp},https://bulk-${i}.example,free,,`,
    );
    const csv = ["name,description,website_url,pricing_type,category,tags", ...rows].join("\n");
    const form = new FormData();
    form.set("file", new File([csv], "tools.csv", { type: "text/csv" }));
    const imported = await timed(
      () => api("POST", "/admin/tools/upload-csv", form),
      `/tool/imported-${stamp}-${IMPORT_ROWS - 1}/`,
      `Bulk tool ${IMPORT_ROWS - 1} of ${stamp}`,
    );
    record(
      {
        name: `scale ${label}: ${IMPORT_ROWS}-row CSV import to its tools served`,
        value: imported,
        unit: "s",
        reference: all.seconds,
        aim: `<= ${IMPORT_AIM_S} s (reference: a full build)`,
      },
      imported / all.seconds,
      imported <= IMPORT_AIM_S,
    );

    const search = (i: number) => {
      const q = encodeURIComponent(QUERIES[i % QUERIES.length] ?? "");
      return fetch(`${server.origin}/api/tools/?search=${q}&category_id=${1 + (i % 20)}&pricing=freemium`).then((r) =>
        r.arrayBuffer(),
      );
    };
    await timeEach(50, search);
    const latency = await timeEach(400, search);
    const health = await timeEach(400, () => fetch(`${server.origin}/api/health`).then((r) => r.arrayBuffer()));
    record(
      {
        name: `scale ${label}: search with filters over HTTP, p50`,
        value: percentile(latency, 50),
        unit: "ms",
        reference: percentile(health, 50),
        aim: "(reference: GET /api/health)",
      },
      percentile(latency, 50) / percentile(health, 50),
      true,
    );
    record(
      {
        name: `scale ${label}: search with filters over HTTP, p99`,
        value: percentile(latency, 99),
        unit: "ms",
        reference: percentile(health, 99),
        aim: "(reference: GET /api/health)",
      },
      percentile(latency, 99) / percentile(health, 99),
      true,
    );
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1] ?? 0);
    record(
      {
        name: `scale ${label}: server RSS serving the site (renderer apart)`,
        value: rss / 2 ** 20,
        unit: "GiB",
        reference: all.peakGiB,
        aim: "(reference: a render worker's peak)",
      },
      rss / 2 ** 20 / all.peakGiB,
      true,
    );
  } finally {
    server.stop();
  }
}
