import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { isUniqueViolation, migrateDb, migrationsFolder, openDb } from "./client";
import { updateTool } from "./queries/tools";
import { seed } from "./seed";
import { toolTags } from "./seed/data";

const dir = mkdtempSync(join(tmpdir(), "aitools-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rows = async (db: Awaited<ReturnType<typeof openDb>>, sql: string) =>
  (await db.$client.execute(sql)).rows.map((r) => ({ ...r }));

describe("the member rules migration", () => {
  it("gives each Pro member's featured tool the member's slot and moves all-digit slugs off /tool/{id}", async () => {
    // A database as it stood before the migration: the first three migrations only.
    const before = join(dir, "before");
    cpSync(migrationsFolder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, "meta/_journal.json"), "utf8"));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag <= "0002");
    writeFileSync(join(before, "meta/_journal.json"), JSON.stringify(journal));
    const db = await openDb({ url: `file:${join(dir, "old.db")}` });
    await migrate(db, { migrationsFolder: before });
    await db.$client.executeMultiple(`
      INSERT INTO users (id, email, password_hash, subscription_status) VALUES
        (1, 'pro@example.com', 'x', 'pro'), (2, 'free@example.com', 'x', 'free');
      INSERT INTO users (id, email, password_hash, role) VALUES (3, 'admin@example.com', 'x', 'admin');
      INSERT INTO tools (id, name, slug, submitted_by, is_featured) VALUES
        (1, 'Pro A', 'pro-a', 1, 1), (2, 'Pro B', 'pro-b', 1, 1), (3, 'Free', 'free', 2, 1),
        (4, 'Admin A', 'admin-a', 3, 1), (5, 'Admin B', 'admin-b', 3, 1),
        (6, '1', '1', 2, 0), (7, 'Taken', 'tool-2', 2, 0), (8, '2', '2', 2, 0), (9, '2024', '2024', NULL, 0);
    `);
    await migrateDb(db);
    expect(await rows(db, "SELECT id FROM tools WHERE owner_featured = 1")).toEqual([{ id: 2 }]);
    expect(await rows(db, "SELECT count(*) AS n FROM tools WHERE is_featured = 1")).toEqual([{ n: 5 }]);
    expect(await rows(db, "SELECT id, slug FROM tools WHERE id IN (6, 7, 8, 9) ORDER BY id")).toEqual([
      { id: 6, slug: "tool-1" },
      { id: 7, slug: "tool-2" },
      { id: 8, slug: "tool-2-8" },
      { id: 9, slug: "tool-2024" },
    ]);
    // The slot is the database's to keep: a second owner-featured tool is refused.
    const second = await updateTool(db, 1, { is_featured: true }, { ownerFeatures: true }).catch((e: Error) => e);
    expect(isUniqueViolation(second, "tools.submitted_by")).toBe(true);
    // Unfeatured by anyone, the tool gives the slot back.
    await db.$client.execute("UPDATE tools SET is_featured = 0 WHERE id = 2");
    expect(await rows(db, "SELECT owner_featured FROM tools WHERE id = 2")).toEqual([{ owner_featured: 0 }]);
    expect((await updateTool(db, 1, { is_featured: true }, { ownerFeatures: true }))?.is_featured).toBe(true);
    db.$client.close();
  });

  it("seeds the three Pro owners each holding their one featured slot", async () => {
    const db = await openDb({ url: `file:${join(dir, "seeded.db")}` });
    await migrateDb(db);
    await seed(db, async (p) => `plain:${p}`, null);
    const slots = await rows(
      db,
      `SELECT u.email, t.id FROM tools t JOIN users u ON u.id = t.submitted_by
       WHERE t.is_featured = 1 AND t.owner_featured = 1 ORDER BY u.email`,
    );
    expect(slots.map((r) => r.email)).toEqual(["labs@example.com", "makers@example.com", "studio@example.com"]);
    // Every demo tag is carried by some tools, and every tagged tool name is a demo tool.
    const tagged = await rows(db, "SELECT count(*) AS n FROM tool_tags");
    const counts = await rows(
      db,
      "SELECT g.name, count(tt.tool_id) AS n FROM tags g LEFT JOIN tool_tags tt ON tt.tag_id = g.id GROUP BY g.id",
    );
    expect(Number(tagged[0]?.n)).toBe(Object.values(toolTags).flat().length);
    expect(counts.every((r) => Number(r.n) > 0)).toBe(true);
    expect(Math.max(...Object.values(toolTags).map((names) => names.length))).toBeLessThanOrEqual(5);
    db.$client.close();
  });
});

describe("the payments-kept migration", () => {
  it("keeps every payment of a backup, a second fast-track for one tool kept without its tool", async () => {
    // A backup from before the rule: two members both paid fast-track for one pending tool.
    const before = join(dir, "before-payments");
    cpSync(migrationsFolder, before, { recursive: true });
    const journal = JSON.parse(readFileSync(join(before, "meta/_journal.json"), "utf8"));
    journal.entries = journal.entries.filter((e: { tag: string }) => e.tag < "0029");
    writeFileSync(join(before, "meta/_journal.json"), JSON.stringify(journal));
    const db = await openDb({ url: `file:${join(dir, "payments.db")}` });
    await migrate(db, { migrationsFolder: before });
    await db.$client.executeMultiple(`
      INSERT INTO users (id, email, password_hash) VALUES (1, 'a@example.com', 'x'), (2, 'b@example.com', 'x');
      INSERT INTO tools (id, name, slug, submitted_by) VALUES (1, 'Waiting', 'waiting', 1);
      INSERT INTO payments (id, session_id, user_id, package_id, amount_cents, tool_id) VALUES
        (1, 'cs_1', 1, 'fast_track', 1900, 1), (2, 'cs_2', 2, 'fast_track', 1900, 1), (3, 'cs_3', 2, 'pro', 999, NULL);
    `);
    await migrateDb(db);
    expect(await rows(db, "SELECT id, user_id, tool_id, amount_cents FROM payments ORDER BY id")).toEqual([
      { id: 1, user_id: 1, tool_id: 1, amount_cents: 1900 },
      { id: 2, user_id: 2, tool_id: null, amount_cents: 1900 },
      { id: 3, user_id: 2, tool_id: null, amount_cents: 999 },
    ]);
    // Deleting a member now keeps their payments, without them.
    await db.$client.execute("PRAGMA foreign_keys = ON");
    await db.$client.execute("DELETE FROM users WHERE id = 2");
    expect(await rows(db, "SELECT id, user_id FROM payments WHERE id > 1 ORDER BY id")).toEqual([
      { id: 2, user_id: null },
      { id: 3, user_id: null },
    ]);
    db.$client.close();
  });
});
