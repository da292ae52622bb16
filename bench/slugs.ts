import { mkdirSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import type { InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import { type Db, migrateDb, openDb } from "../db/client";
import { createTool } from "../db/queries/tools";
import { tools } from "../db/schema";
import { slugify } from "../lib/slug";
import { percentile, record } from "./lib";

const SAME_NAME = 20_000;

/** How the slug was found before: one query per candidate, base, base-2, base-3, ... */
async function oldCreate(db: Db, name: string) {
  const root = slugify(name) || "item";
  const taken = async (slug: string) =>
    (await db.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)).get()) != null;
  let slug = root;
  for (let n = 2; await taken(slug); n++) slug = `${root}-${n}`;
  await db.insert(tools).values({ name, slug });
}

/** The longest the event loop went without a turn while `fn` ran, and how long `fn` took (ms). */
async function blocking(fn: () => Promise<unknown>): Promise<{ blockMs: number; ms: number }> {
  let last = performance.now();
  let blockMs = 0;
  const ticker = setInterval(() => {
    const at = performance.now();
    blockMs = Math.max(blockMs, at - last);
    last = at;
  }, 1);
  await sleep(5);
  last = performance.now();
  blockMs = 0;
  const start = performance.now();
  await fn();
  const ms = performance.now() - start;
  // A stall still under way when `fn` ends is seen at the ticker's next turn.
  await sleep(5);
  clearInterval(ticker);
  return { blockMs, ms };
}

/**
 * One tool create when 20,000 tools already share its name's slug (base, base-2, ...): the old
 * loop, which asked for each candidate in turn (every name in another script used to become
 * "item"), against the one-query allocation, on the same table.
 */
export async function slugFigures() {
  mkdirSync("data/bench", { recursive: true });
  const path = "data/bench/slugs.db";
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  const db = await openDb({ url: `file:${path}` });
  await migrateDb(db);
  const rows: InStatement[] = [];
  for (let n = 1; n <= SAME_NAME; n++) {
    rows.push({ sql: "INSERT INTO tools (name, slug) VALUES (?, ?)", args: ["Item", n === 1 ? "item" : `item-${n}`] });
  }
  await db.$client.batch(rows, "write");

  // Warm both paths (statement compilation, page cache).
  await createTool(db, { name: "Item" }, null);
  const old: number[] = [];
  const oldMs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await blocking(() => oldCreate(db, "Item"));
    old.push(run.blockMs);
    oldMs.push(run.ms);
  }
  const now: number[] = [];
  const nowMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const run = await blocking(() => createTool(db, { name: "Item" }, null));
    now.push(run.blockMs);
    nowMs.push(run.ms);
  }
  db.$client.close();
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });

  const sort = (list: number[]) => [...list].sort((a, b) => a - b);
  const oldBlock = percentile(sort(old), 50);
  const newBlock = percentile(sort(now), 50);
  console.log(
    `  create with ${SAME_NAME} of one name: old loop ${percentile(sort(oldMs), 50).toFixed(1)} ms, one query ${percentile(sort(nowMs), 50).toFixed(2)} ms (median)`,
  );
  record(
    {
      name: `event-loop block of one tool create, ${SAME_NAME} tools of one name: one-query slug / old loop`,
      value: newBlock,
      unit: "ms",
      reference: oldBlock,
      aim: "<= 0.01",
    },
    newBlock / oldBlock,
    newBlock / oldBlock <= 0.01,
  );
}
