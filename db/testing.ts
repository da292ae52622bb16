import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, migrateDb, openDb } from "./client";

/** A fresh, migrated embedded database file for one test file; `close` removes it. */
export async function freshDb(): Promise<{ db: Db; close: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), "aitools-db-"));
  const db = await openDb({ url: `file:${join(dir, "test.db")}` });
  await migrateDb(db);
  return {
    db,
    close: () => {
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
