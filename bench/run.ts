import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { createApp } from "../api/app";
import { loadSettings } from "../config/settings";
import { openDb } from "../db/client";
import { listTools } from "../db/queries/tools";
import { agentFigures } from "./agents";
import { analyticsFigures } from "./analytics";
import { buildFigures, reviewFigure, tagsFigure } from "./build";
import { cardFigures } from "./cards";
import { digestFigures } from "./digest";
import { imageFigures } from "./images";
import { BENCH_SECRET, dataset, percentile, record, rows, startServer, timeEach, WRK, wrk } from "./lib";
import { lighthouseFigures } from "./lighthouse";
import { linkCheckFigures } from "./link-checks";
import { mailFigures } from "./mail";
import { relevanceFigures, relevanceScores } from "./relevance";
import { scaleTable } from "./scale-table";
import { forgivingSearchFigures, QUERIES } from "./search";
import { slugFigures } from "./slugs";
import { sponsorFigures } from "./sponsors";
import { suggestFigures } from "./suggest";
import { scaleOutFigures, signInPressureFigures, signInTimingFigures } from "./traffic";

/**
 * npm run bench [-- --only name]: each figure is measured side by side with its reference in the
 * same run and reported as a ratio; results go to bench/results/latest.json.
 */
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
/** --scale N: only the scale table at N tools (bench/scale-table.ts), never part of the default run. */
const scale = process.argv.includes("--scale") ? Number(process.argv[process.argv.indexOf("--scale") + 1]) : null;
/**
 * Subscribers of the digest figure: 10,000 unless given (`--digest-count 100000` for the issue's
 * scale, run apart: two sends of 100,000 take far longer than a section of the default run).
 */
const digestCount = process.argv.includes("--digest-count")
  ? Number(process.argv[process.argv.indexOf("--digest-count") + 1])
  : 10_000;
if (scale !== null && !(Number.isSafeInteger(scale) && scale >= 100))
  throw new Error("--scale takes a number of tools (>= 100)");

async function searchFigures(tools: number) {
  const path = await dataset(tools);
  const db = await openDb({ url: `file:${path}` });
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: `file:${path}`,
    JWT_SECRET: BENCH_SECRET,
  } as NodeJS.ProcessEnv);
  const app = createApp({ db, settings, stripe: null });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  // The in-process rounds leave the client's socket idle for seconds: keep it open meanwhile.
  (server as import("node:http").Server).keepAliveTimeout = 120_000;
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as AddressInfo).port;
  const filtered = (i: number) => ({
    search: QUERIES[i % QUERIES.length] ?? "",
    categoryId: 1 + (i % 20),
    pricing: "freemium",
  });
  const runs = 400;
  // Warm both paths so neither pays for first-use compilation.
  await timeEach(50, (i) => listTools(db, { ...filtered(i), limit: 12, offset: 0 }));
  await timeEach(50, (i) =>
    fetch(
      `http://127.0.0.1:${port}/api/tools/?search=${encodeURIComponent(filtered(i).search)}&category_id=${filtered(i).categoryId}&pricing=freemium`,
    ).then((r) => r.arrayBuffer()),
  );

  const direct = await timeEach(runs, (i) => listTools(db, { ...filtered(i), limit: 12, offset: 0 }));
  const http = await timeEach(runs, (i) => {
    const f = filtered(i);
    return fetch(
      `http://127.0.0.1:${port}/api/tools/?search=${encodeURIComponent(f.search)}&category_id=${f.categoryId}&pricing=freemium`,
    ).then((r) => r.arrayBuffer());
  });
  const p50 = percentile(http, 50);
  const p99 = percentile(http, 99);
  const d50 = percentile(direct, 50);
  const d99 = percentile(direct, 99);
  record(
    { name: `search p50 over HTTP / in-process, ${tools} tools`, value: p50, unit: "ms", reference: d50, aim: "<= 2" },
    p50 / d50,
    p50 / d50 <= 2,
  );
  record(
    { name: `search p99 over HTTP / in-process, ${tools} tools`, value: p99, unit: "ms", reference: d99, aim: "<= 5" },
    p99 / d99,
    p99 / d99 <= 5,
  );

  const matchOnly = await timeEach(runs, (i) =>
    listTools(db, { search: QUERIES[i % QUERIES.length], limit: 12, offset: 0 }),
  );
  const withFilters = await timeEach(runs, (i) => listTools(db, { ...filtered(i), limit: 12, offset: 0 }));
  const m50 = percentile(matchOnly, 50);
  const f50 = percentile(withFilters, 50);
  record(
    {
      name: `search with category+pricing / MATCH only (p50), ${tools} tools`,
      value: f50,
      unit: "ms",
      reference: m50,
      aim: "<= 1.5",
    },
    f50 / m50,
    f50 / m50 <= 1.5,
  );

  // Narrowing by a tag and sorting, with and without a search, against the plain listing and the
  // plain search: what a visitor's chip and sort menu cost on top.
  const tagSlugs = (await db.$client.execute("SELECT slug FROM tags ORDER BY id")).rows.map((r) => String(r.slug));
  const sorts = ["newest", "saves", "rating", "name"] as const;
  const narrowed = (i: number) => ({ tags: [tagSlugs[i % tagSlugs.length] ?? ""], sort: sorts[i % sorts.length] });
  const plainList = await timeEach(runs, () => listTools(db, { limit: 12, offset: 0 }));
  const tagSorted = await timeEach(runs, (i) => listTools(db, { ...narrowed(i), limit: 12, offset: 0 }));
  const searchTagSorted = await timeEach(runs, (i) =>
    listTools(db, { search: QUERIES[i % QUERIES.length], ...narrowed(i), limit: 12, offset: 0 }),
  );
  for (const [label, times, reference, aims] of [
    ["tag + sort / default listing", tagSorted, plainList, [5, 10]],
    ["search + tag + sort / MATCH only", searchTagSorted, matchOnly, [2, 5]],
  ] as const) {
    for (const [q, aim] of [
      [50, aims[0]],
      [99, aims[1]],
    ] as const) {
      const value = percentile([...times], q);
      const ref = percentile([...reference], q);
      record(
        { name: `${label} (p${q}), ${tools} tools`, value, unit: "ms", reference: ref, aim: `<= ${aim}` },
        value / ref,
        value / ref <= aim,
      );
    }
  }
  await suggestFigures(db, tools, m50);
  server.close();
  db.$client.close();
}

async function startChild(kind: "raw" | "hono"): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "bench/servers.ts", kind], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) =>
    child.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  return { port, stop: () => child.kill() };
}

const reqPerSec = (port: number) => wrk(`http://127.0.0.1:${port}/`, { seconds: 5, connections: 50 });

async function honoVersusRaw() {
  if (!WRK) {
    console.log("skipping Hono / node:http req/s: needs wrk (apt-get install wrk)");
    return;
  }
  const raw = await startChild("raw");
  const hono = await startChild("hono");
  await reqPerSec(raw.port);
  await reqPerSec(hono.port);
  // Alternate the two so drift in machine load hits both alike.
  let rawTotal = 0;
  let honoTotal = 0;
  for (let round = 0; round < 2; round++) {
    rawTotal += await reqPerSec(raw.port);
    honoTotal += await reqPerSec(hono.port);
  }
  raw.stop();
  hono.stop();
  const ratio = honoTotal / rawTotal;
  record(
    {
      name: "trivial Hono JSON route / raw node:http",
      value: honoTotal / 2,
      unit: "req/s",
      reference: rawTotal / 2,
      aim: ">= 0.9",
    },
    ratio,
    ratio >= 0.9,
  );
}

/** Gzipped JavaScript each public page loads up front (its module scripts and their static imports). */
async function jsFigures() {
  // The site the Lighthouse figures judge too (SITE_DIR when set).
  const site = `${process.env.SITE_DIR ?? "data/site"}/current`;
  if (!existsSync(site)) {
    console.log(`skipping JS per page: no built site in ${site} (run npm start once)`);
    return;
  }
  const pages = [
    "index.html",
    "category/chatbots/index.html",
    "tool/chatgpt/index.html",
    "account/index.html",
    "blog/index.html",
    "pricing/index.html",
  ];
  let worst = 0;
  for (const page of pages) {
    const file = `${site}/${page}`;
    if (!existsSync(file)) continue;
    const html = readFileSync(file, "utf8");
    const seen = new Set<string>();
    const queue = [...html.matchAll(/(?:src|component-url|renderer-url)="(\/_astro\/[^"]+\.js)"/g)].map(
      (m) => m[1] ?? "",
    );
    let bytes = 0;
    while (queue.length) {
      const url = queue.pop() ?? "";
      if (seen.has(url)) continue;
      seen.add(url);
      const code = readFileSync(`${site}${url}`);
      bytes += gzipSync(code).length;
      // Static imports load with the page; dynamic import() chunks load only on interaction.
      for (const m of code.toString().matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`/_astro/${m[1]}`);
    }
    worst = Math.max(worst, bytes);
    console.log(`  ${page}: ${(bytes / 1024).toFixed(1)} KiB of JavaScript (gzip)`);
  }
  record(
    {
      name: "JS per public page (gzip), largest",
      value: worst / 1024,
      unit: "KiB",
      reference: 60,
      aim: "<= 80 KiB (reference: React runtime ~60)",
    },
    worst / 1024 / 60,
    worst / 1024 <= 80,
  );
}

/**
 * A pre-rendered tool page served by our server versus nginx (Debian) serving the same file, same
 * machine, same load; each server in its own process. Skipped when nginx is not installed.
 */
async function staticFigures() {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  const site = realpathOrNull("data/site/current");
  if (!nginx || !site || !WRK) {
    console.log(
      "skipping static req/s: needs nginx and wrk (apt-get install nginx wrk) and a built site (npm start once)",
    );
    return;
  }
  const dir = `${process.cwd()}/data/bench/nginx`;
  mkdirSync(dir, { recursive: true });
  const nginxPort = 4590;
  writeFileSync(
    `${dir}/nginx.conf`,
    `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; sendfile on; tcp_nopush on; etag on; gzip off; open_file_cache max=10000 inactive=60s;
  include /etc/nginx/mime.types;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${nginxPort}; root ${site}; location / { try_files $uri $uri/index.html =404; } } }`,
  );
  const nginxProcess = spawn(nginx, ["-c", `${dir}/nginx.conf`, "-p", dir], { stdio: "ignore" });
  const ours = await startServer({ PORT: "4591" });
  const run = (port: number) => wrk(`http://127.0.0.1:${port}/tool/chatgpt/`, { seconds: 5, connections: 50 });
  run(4591);
  run(nginxPort);
  // Alternated, so drift in machine load hits both alike.
  let oursRps = 0;
  let nginxRps = 0;
  for (let round = 0; round < 2; round++) {
    oursRps += run(4591);
    nginxRps += run(nginxPort);
  }
  const etag = (await fetch("http://127.0.0.1:4591/tool/chatgpt/")).headers.get("etag") ?? "";
  const revalidate = await fetch("http://127.0.0.1:4591/tool/chatgpt/", { headers: { "if-none-match": etag } });
  nginxProcess.kill();
  ours.stop();
  const ratio = oursRps / nginxRps;
  record(
    {
      name: `static tool page req/s: our server / nginx (304 on revalidation: ${revalidate.status === 304})`,
      value: oursRps / 2,
      unit: "req/s",
      reference: nginxRps / 2,
      aim: ">= 0.5, with 304s",
    },
    ratio,
    ratio >= 0.5 && revalidate.status === 304,
  );
}

function realpathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

if (scale) await scaleTable(scale);
else await defaultRun();

async function defaultRun() {
  if (!only || only === "lighthouse") await lighthouseFigures();
  if (!only || only === "static") await staticFigures();
  if (!only || only === "build") await buildFigures();
  if (!only || only === "review") await reviewFigure();
  if (!only || only === "tags") await tagsFigure();
  if (!only || only === "js") await jsFigures();
  if (!only || only === "search") {
    await searchFigures(100_000);
    await forgivingSearchFigures(100_000);
    // What the forgiving search costs is weighed against what it finds; a full run has these below.
    if (only) await relevanceScores();
  }
  if (!only || only === "relevance") await relevanceFigures();
  if (!only || only === "hono") await honoVersusRaw();
  if (!only || only === "slugs") await slugFigures();
  if (!only || only === "links") await linkCheckFigures();
  if (!only || only === "images") await imageFigures();
  if (!only || only === "cards") await cardFigures();
  if (!only || only === "scale") await scaleOutFigures();
  if (!only || only === "analytics") await analyticsFigures();
  if (!only || only === "mail") await mailFigures();
  if (!only || only === "agents") await agentFigures();
  if (!only || only === "digest") await digestFigures(digestCount);
  if (!only || only === "sponsors") await sponsorFigures();
  if (!only || only === "signin") {
    await signInPressureFigures();
    await signInTimingFigures();
  }
}
mkdirSync("bench/results", { recursive: true });
// A partial run (--only) replaces its own rows and keeps the others from the last run.
const latest = "bench/results/latest.json";
const kept = (only || scale) && existsSync(latest) ? (JSON.parse(readFileSync(latest, "utf8")) as typeof rows) : [];
const measured = new Set(rows.map((r) => r.name));
writeFileSync(latest, `${JSON.stringify([...kept.filter((r) => !measured.has(r.name)), ...rows], null, 2)}\n`);
console.log(`written ${latest}`);
