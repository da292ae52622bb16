import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { SERVER_HEAP_FLAGS } from "../config/server-heap";
import { migrateDb, openDb } from "../db/client";
import { generateDataset } from "../db/dataset";

/** One figure: measured side by side with its reference in the same run, as a ratio. */
export type Row = {
  name: string;
  value: number;
  unit: string;
  reference: number;
  ratio: number;
  aim: string;
  met: boolean;
};
export const rows: Row[] = [];

export function record(row: Omit<Row, "ratio" | "met">, ratio: number, met: boolean) {
  const full = { ...row, ratio: Math.round(ratio * 1000) / 1000, met };
  rows.push(full);
  console.log(
    `${met ? "✓" : "✗"} ${row.name}: ${row.value.toFixed(3)} ${row.unit} vs reference ${row.reference.toFixed(3)} -> ratio ${full.ratio} (aim ${row.aim})`,
  );
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function timeEach(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn(i);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

/** The generated directory of `tools` tools (seed 7), made once and reused by later runs. */
export async function dataset(tools: number): Promise<string> {
  mkdirSync("data/bench", { recursive: true });
  const path = `data/bench/tools-${tools}.db`;
  if (!existsSync(path)) {
    console.log(`generating ${tools} tools...`);
    await generateDataset({ path, tools, seed: 7 });
  } else {
    // Made by an earlier version: bring its schema (indexes) up to date, as a server start would.
    const db = await openDb({ url: `file:${path}` });
    await migrateDb(db);
    db.$client.close();
  }
  return path;
}

export const BENCH_SECRET = "bench-secret-bench-secret-bench-secret-0000";

/**
 * Starts `npm start`'s server (with its heap flags) on a port with the given settings (PORT=0: a free one); resolves
 * once it listens, with the origin it printed.
 */
export async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; origin: string; stop: () => void }> {
  const child = spawn(process.execPath, [...SERVER_HEAP_FLAGS, "--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      REBUILD_INTERVAL_MS: "0",
      SEED_DEMO: "false",
      LOG_REQUESTS: "false",
      JWT_SECRET: BENCH_SECRET,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const listening = /AI Tools Directory on (http:\/\/[^\s]+)/.exec(out);
      if (listening?.[1]) resolve(listening[1]);
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
  return { child, origin, stop: () => child.kill() };
}

/** Resolves once `child` prints one of `texts`. */
export function printed(child: ChildProcess, ...texts: string[]): Promise<void> {
  return new Promise((resolve) => {
    let out = "";
    const listen = (chunk: Buffer) => {
      out += chunk.toString();
      if (texts.some((text) => out.includes(text))) {
        child.stdout?.off("data", listen);
        resolve();
      }
    };
    child.stdout?.on("data", listen);
  });
}

/** Debian's wrk, when installed: the load generator for req/s figures (see `wrk`). */
export const WRK = ["/usr/bin/wrk", "/usr/local/bin/wrk"].find((p) => existsSync(p)) ?? null;

/**
 * Requests per second from wrk against `url` (a Lua `script` may vary the requests). On two cores
 * a load generator in Node takes much of the CPU it is meant to measure; wrk, in C, a fraction.
 * Throws on any non-2xx/3xx answer or socket error, so a figure never hides failures.
 */
export function wrk(url: string, options: { seconds: number; connections: number; threads?: number; script?: string }) {
  const args = [`-t${options.threads ?? 1}`, `-c${options.connections}`, `-d${options.seconds}s`, "--timeout", "10s"];
  if (options.script) args.push("-s", options.script);
  const run = spawnSync(WRK ?? "wrk", [...args, url], { encoding: "utf8" });
  const out = run.stdout ?? "";
  const bad = /Non-2xx or 3xx responses: (\d+)|Socket errors: (.*)/.exec(out);
  if (run.status !== 0 || bad) throw new Error(`wrk ${url}: ${bad?.[0] ?? run.stderr}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
}

/** Bytes a folder takes on disk, each hard-linked file counted once (as du does). */
export function diskBytes(dir: string): number {
  const out = spawnSync("du", ["-s", "--block-size=1", dir], { encoding: "utf8" }).stdout;
  return Number(out.split(/\s/)[0] ?? 0);
}

/**
 * Seconds until `read()` returns text containing `marker` (polled every 5 ms); gives up after
 * `limitMs` (a change that never shows is a failure, not a figure).
 */
export async function until(read: () => Promise<string> | string, marker: string, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if ((await read()).includes(marker)) return (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`"${marker}" never appeared`);
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
