import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { closeDb, openDb } from "./client";

const dir = mkdtempSync(join(tmpdir(), "aitools-gate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("a transaction on the local database", () => {
  it("makes other statements wait for it instead of failing them", async () => {
    const db = await openDb({ url: `file:${join(dir, "gate.db")}` });
    await db.$client.execute("CREATE TABLE t (n INTEGER)");
    const tx = await db.$client.transaction("write");
    await tx.execute("INSERT INTO t VALUES (1)");
    const events: string[] = [];
    // A visitor's read arrives while the transaction is open: it waits and sees the commit.
    const read = db.$client.execute("SELECT count(*) AS n FROM t").then((r) => {
      events.push("read");
      return Number(r.rows[0]?.n);
    });
    const write = db.$client.execute("INSERT INTO t VALUES (2)").then(() => events.push("write"));
    await tx.execute("INSERT INTO t VALUES (3)");
    events.push("commit");
    await tx.commit();
    expect(await read).toBe(2);
    await write;
    expect(events).toEqual(["commit", "read", "write"]);
    await closeDb(db);
  });

  it("lets the next statement run after a rollback, and after a failing transaction through the ORM", async () => {
    const db = await openDb({ url: `file:${join(dir, "gate2.db")}` });
    await db.$client.execute("CREATE TABLE t (n INTEGER UNIQUE)");
    const failing = db
      .transaction(async (tx) => {
        await tx.run(sql`INSERT INTO t VALUES (1)`);
        throw new Error("refused");
      })
      .catch((e: Error) => e.message);
    const twoAtOnce = Promise.all([
      db.transaction(async (tx) => {
        await tx.run(sql`INSERT INTO t VALUES (4)`);
      }),
      db.$client.execute("INSERT INTO t VALUES (5)"),
    ]);
    expect(await failing).toBe("refused");
    await twoAtOnce;
    const rows = await db.$client.execute("SELECT n FROM t ORDER BY n");
    expect(rows.rows.map((r) => Number(r.n))).toEqual([4, 5]);
    await closeDb(db);
  });
});

describe("a statement outside the transaction its caller is inside of", () => {
  it("fails as a busy database would instead of waiting forever", async () => {
    const db = await openDb({ url: `file:${join(dir, "gate3.db")}` });
    const outcome = await db
      .transaction(async () => {
        await db.$client.execute("SELECT 1");
      })
      .catch((e: Error) => e.message);
    expect(outcome).toMatch(/SQLITE_BUSY/);
    expect((await db.$client.execute("SELECT 2 AS n")).rows[0]?.n).toBe(2);
    await closeDb(db);
  });
});
