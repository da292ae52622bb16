import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../client";
import { purgeAnalytics, saltOf } from "./analytics";

let dir: string;
let file: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-salts-"));
  file = join(dir, "app.db");
  db = await openDb({ url: `file:${file}` });
  await migrateDb(db);
});
afterAll(() => {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether `text` is anywhere in the database file or its WAL, once the WAL is copied into the file. */
async function inFile(text: string): Promise<boolean> {
  await db.$client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  const wal = existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`) : Buffer.alloc(0);
  return readFileSync(file).includes(text) || wal.includes(text);
}

describe("a day's analytics salt", () => {
  it("is gone from the database file's bytes once the day is purged, not only from the table", async () => {
    const salt = await saltOf(db, "2030-01-01");
    expect(await inFile(salt)).toBe(true);
    expect(await purgeAnalytics(db, "2030-01-02", 400)).toBeGreaterThanOrEqual(1);
    const left = await db.$client.execute("SELECT count(*) AS n FROM analytics_salts");
    expect(Number(left.rows[0]?.n)).toBe(0);
    // Someone holding the file (a copy, a disk image) cannot recompute yesterday's hashes.
    expect(await inFile(salt)).toBe(false);
  });
});
