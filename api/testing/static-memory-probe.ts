import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSettings } from "../../config/settings";
import { migrateDb, openDb } from "../../db/client";
import { createNodeHandler } from "../server";

/**
 * Run with `node --expose-gc --import tsx`: serves a small built site through the real request
 * handler, sends `count` requests for distinct unknown paths of `length` characters, and prints
 * the growth of the heap and of external memory (Buffers) after a full collection, as JSON.
 */
const count = Number(process.argv[2] ?? 20_000);
const length = Number(process.argv[3] ?? 1900);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const dir = mkdtempSync(join(tmpdir(), "aitools-static-memory-"));
const build = join(dir, "site/builds/1");
mkdirSync(build, { recursive: true });
// A not-found page about the size of the real one.
writeFileSync(join(build, "404.html"), `<!doctype html><title>Not found</title>${"<p>Not found.</p>".repeat(900)}`);
writeFileSync(join(build, "index.html"), "<!doctype html><title>Home</title>");
symlinkSync(build, join(dir, "site/current"), "dir");
const url = `file:${join(dir, "app.db")}`;
const db = await openDb({ url });
await migrateDb(db);
const settings = loadSettings({
  NODE_ENV: "test",
  DATABASE_URL: url,
  JWT_SECRET: "memory-probe-secret-memory-probe-secret-00",
} as NodeJS.ProcessEnv);
const server = createServer(createNodeHandler({ db, settings, stripe: null, siteDir: join(dir, "site") }));
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
const port = (server.address() as AddressInfo).port;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

function get(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

function used(): number {
  for (let i = 0; i < 3; i++) gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

async function send(prefix: string, n: number): Promise<Set<number>> {
  const statuses = new Set<number>();
  let next = 0;
  const filler = "x".repeat(length);
  const worker = async () => {
    while (next < n) {
      const i = next++;
      statuses.add(await get(`/${prefix}-${i}-${filler}`.slice(0, length)));
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return statuses;
}

// Warm-up: code paths compiled and the not-found page loaded before the first measure.
await send("warm", 500);
const before = used();
const rssBefore = process.memoryUsage().rss;
const statuses = await send("probe", count);
const after = used();
const rssAfter = process.memoryUsage().rss;
console.log(
  JSON.stringify({
    requests: count,
    length,
    statuses: [...statuses],
    growthMB: (after - before) / 1024 / 1024,
    rssGrowthMB: (rssAfter - rssBefore) / 1024 / 1024,
  }),
);
agent.destroy();
server.close();
db.$client.close();
rmSync(dir, { recursive: true, force: true });
