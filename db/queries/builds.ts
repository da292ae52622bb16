import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { builds, siteState } from "../schema";

export type Build = typeof builds.$inferSelect;

export async function listBuilds(db: Db, limit: number): Promise<Build[]> {
  return db.select().from(builds).orderBy(desc(builds.id)).limit(limit).all();
}

export async function startBuild(db: Db, reason: string): Promise<number> {
  const [row] = await db
    .insert(builds)
    .values({ reason, started_at: new Date().toISOString(), outcome: "running" })
    .returning({ id: builds.id });
  return row?.id ?? 0;
}

export async function finishBuild(
  db: Db,
  id: number,
  result: { outcome: "ok" | "failed"; pages?: number; error?: string; durationMs: number },
): Promise<void> {
  await db
    .update(builds)
    .set({
      outcome: result.outcome,
      pages: result.pages ?? null,
      error: result.error?.slice(0, 4000) ?? null,
      duration_ms: result.durationMs,
      finished_at: new Date().toISOString(),
    })
    .where(eq(builds.id, id));
}

export async function lastBuild(db: Db): Promise<Build | undefined> {
  return db.select().from(builds).orderBy(desc(builds.id)).limit(1).get();
}

/**
 * Marks builds still "running" as failed (their process died: the caller holds the build lock,
 * so nobody else is building). Returns how many there were.
 */
export async function failInterruptedBuilds(db: Db): Promise<number> {
  const rows = await db
    .update(builds)
    .set({
      outcome: "failed",
      error: "interrupted: the process stopped mid-build",
      finished_at: new Date().toISOString(),
    })
    .where(eq(builds.outcome, "running"))
    .returning({ id: builds.id });
  return rows.length;
}

/** Which database, and which state of its content, a build shows (see migration 0005). */
export type ContentVersion = { database: string; content: string };

/**
 * The database's id (drawn once, when it was created; a backup and its restore keep it) and its
 * content version (drawn anew by every write to what the pages show).
 */
export async function contentVersion(db: Db): Promise<ContentVersion> {
  const rows = await db
    .select()
    .from(siteState)
    .where(inArray(siteState.key, ["database_id", "content_version"]))
    .all();
  const value = (key: string) => rows.find((r) => r.key === key)?.value ?? "";
  return { database: value("database_id"), content: value("content_version") };
}
