import type { Db } from "../client";

/** Whether the database answers at all (readiness checks). Throws when it does not. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.$client.execute("SELECT 1");
}

/**
 * A consistent copy of the database in `target` (VACUUM INTO), safe while others write; returns
 * how many tools the copy holds.
 */
export async function backupTo(db: Db, target: string): Promise<number> {
  await db.$client.execute({ sql: "VACUUM INTO ?", args: [target] });
  const check = await db.$client.execute("SELECT count(*) AS n FROM tools");
  return Number(check.rows[0]?.n ?? 0);
}
