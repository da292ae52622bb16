import { spawn } from "node:child_process";
import { copyFileSync, rmSync } from "node:fs";
import autocannon from "autocannon";
import { loadSettings } from "../config/settings";
import { openDb } from "../db/client";
import { dayOf, daysBefore, toolAnalytics } from "../db/queries/analytics";
import { getTool } from "../db/queries/tools";
import { BENCH_SECRET, dataset, percentile, record, timeEach } from "./lib";

const TOOLS = 10_000;
const VIEWS_PER_DAY = 100;
const DAYS = 30;

/**
 * Owner analytics on the 10k-tool directory holding 30 days of figures (10k tools x 100 views a
 * day) and today's dedup set full (1M visitor hashes):
 * - the view beacon's req/s against GET /api/health's, one server process, same load generator,
 *   every beacon a new visitor (the write path, the worst case);
 * - one tool's 30-day analytics query against the tool read every account or editor page makes.
 */
export async function analyticsFigures() {
  const path = "data/bench/analytics.db";
  rmSync(path, { force: true });
  for (const suffix of ["-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  copyFileSync(await dataset(TOOLS), path);
  const db = await openDb({ url: `file:${path}` });
  const today = dayOf(new Date());
  console.log(`filling ${DAYS} days of figures and ${TOOLS * VIEWS_PER_DAY} visitor hashes...`);
  await db.$client.execute({
    sql: `WITH RECURSIVE d(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM d WHERE n < ${DAYS - 1})
          INSERT INTO tool_daily_stats (tool_id, day, views, clicks, saves, unsaves)
          SELECT t.id, date(?, '-' || d.n || ' days'), ${VIEWS_PER_DAY}, 7, 2, 1 FROM tools t, d`,
    args: [today],
  });
  await db.$client.execute({
    sql: `WITH RECURSIVE v(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM v WHERE n < ${TOOLS * VIEWS_PER_DAY})
          INSERT INTO view_visitors (hash, day) SELECT (n * 2654435761) % 9007199254740991, ? FROM v`,
    args: [today],
  });

  // The query: one tool's 30 days, in-process, against the tool read (getTool) of the same tools.
  const ids = (await db.$client.execute("SELECT id FROM tools ORDER BY random() LIMIT 400")).rows.map((r) =>
    Number(r.id),
  );
  const from = daysBefore(today, DAYS - 1);
  await timeEach(50, (i) => toolAnalytics(db, ids[i % ids.length] ?? 1, from, today));
  await timeEach(50, (i) => getTool(db, { id: ids[i % ids.length] ?? 1 }));
  const query = await timeEach(ids.length, (i) => toolAnalytics(db, ids[i] ?? 1, from, today));
  const read = await timeEach(ids.length, (i) => getTool(db, { id: ids[i] ?? 1 }));
  const q50 = percentile(query, 50);
  const r50 = percentile(read, 50);
  record(
    {
      name: `analytics query, one tool's ${DAYS} days (p50) / tool read, ${TOOLS} tools x ${VIEWS_PER_DAY} views a day`,
      value: q50,
      unit: "ms",
      reference: r50,
      aim: "<= 2",
    },
    q50 / r50,
    q50 / r50 <= 2,
  );
  console.log(
    `  analytics query p99 ${percentile(query, 99).toFixed(3)} ms, tool read p99 ${percentile(read, 99).toFixed(3)} ms`,
  );
  db.$client.close();

  // The beacon: the app alone in its own process, loaded from this one.
  const server = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "bench/servers.ts", "api", path], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve) =>
    server.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  let visitor = 0;
  const load = async (kind: "beacon" | "health") => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: 32,
      duration: 5,
      requests: [
        kind === "health"
          ? { method: "GET", path: "/api/health" }
          : {
              method: "POST",
              setupRequest: (req) => {
                visitor++;
                return {
                  ...req,
                  path: `/api/tools/${1 + (visitor % TOOLS)}/view`,
                  headers: { ...req.headers, "user-agent": `bench-visitor-${visitor}` },
                };
              },
            },
      ],
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return result.requests.average;
  };
  await load("health");
  await load("beacon");
  // Alternated, so drift in machine load hits both alike.
  let beacon = 0;
  let health = 0;
  for (let round = 0; round < 2; round++) {
    beacon += await load("beacon");
    health += await load("health");
  }
  server.kill();
  const ratio = beacon / health;
  record(
    {
      name: "view beacon req/s (each a new visitor) / GET /api/health req/s, one process",
      value: beacon / 2,
      unit: "req/s",
      reference: health / 2,
      aim: ">= 0.5",
    },
    ratio,
    ratio >= 0.5,
  );
}

/** Settings of the bench's API process: the per-address and per-network budgets would otherwise stop counting one load generator. */
export function benchApiSettings(path: string) {
  return loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: `file:${path}`,
    JWT_SECRET: BENCH_SECRET,
    ANALYTICS_VIEWS_PER_ADDRESS: "1000000000",
    ANALYTICS_MAX_VISITORS: "1000000000",
    ANALYTICS_VISITORS_PER_NETWORK: "1000000000",
  } as NodeJS.ProcessEnv);
}
