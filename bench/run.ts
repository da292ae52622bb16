import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { createApp } from "../api/app";
import { loadSettings } from "../api/settings";
import { openDb } from "../db/client";
import { generateDataset } from "../db/dataset";
import { listTools } from "../db/queries/tools";

/**
 * npm run bench [-- --only name]: each figure is measured side by side with its reference in the
 * same run and reported as a ratio; results go to bench/results/latest.json.
 */
type Row = { name: string; value: number; unit: string; reference: number; ratio: number; aim: string; met: boolean };
const rows: Row[] = [];
const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;

function record(row: Omit<Row, "ratio" | "met">, ratio: number, met: boolean) {
  const full = { ...row, ratio: Math.round(ratio * 1000) / 1000, met };
  rows.push(full);
  console.log(
    `${met ? "✓" : "✗"} ${row.name}: ${row.value.toFixed(3)} ${row.unit} vs reference ${row.reference.toFixed(3)} -> ratio ${full.ratio} (aim ${row.aim})`,
  );
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

const QUERIES = [
  "writer",
  "image",
  "video notes",
  "smart",
  "code",
  "voice",
  "deep lens",
  "summarises emails",
  "flow",
  "canvas",
];

async function searchFigures(tools: number) {
  mkdirSync("data/bench", { recursive: true });
  const path = `data/bench/tools-${tools}.db`;
  if (!existsSync(path)) {
    console.log(`generating ${tools} tools...`);
    await generateDataset({ path, tools, seed: 7 });
  }
  const db = await openDb({ url: `file:${path}` });
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: `file:${path}`,
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0000",
  } as NodeJS.ProcessEnv);
  const app = createApp({ db, settings, stripe: null });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
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

async function reqPerSec(port: number): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/`, connections: 50, duration: 5, pipelining: 1 });
  return result.requests.average;
}

async function honoVersusRaw() {
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

if (!only || only === "search") await searchFigures(10_000);
if (!only || only === "hono") await honoVersusRaw();
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/latest.json", `${JSON.stringify(rows, null, 2)}\n`);
console.log("written bench/results/latest.json");
