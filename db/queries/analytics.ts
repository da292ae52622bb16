import { randomBytes } from "node:crypto";
import type { InStatement } from "@libsql/client";
import type { Db } from "../client";
import { publicToolSql } from "./visibility";

/** The UTC day of `at`, YYYY-MM-DD: the unit of every figure here. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** The UTC day `days` days before `day`. */
export function daysBefore(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000));
}

export type CountedFigure = "clicks" | "saves" | "unsaves";

/**
 * The statement that adds one to a tool's `figure` for `day`. With `afterChange`, only when the
 * statement just before it in the same batch changed a row (a save that was not one already);
 * otherwise only when the tool exists.
 */
export function countStatement(toolId: number, day: string, figure: CountedFigure, afterChange = false): InStatement {
  const source = afterChange ? "SELECT ?, ?, 1 WHERE changes() > 0" : "SELECT id, ?, 1 FROM tools WHERE id = ?";
  return {
    sql: `INSERT INTO tool_daily_stats (tool_id, day, ${figure}) ${source}
          ON CONFLICT (tool_id, day) DO UPDATE SET ${figure} = ${figure} + 1`,
    args: afterChange ? [toolId, day] : [day, toolId],
  };
}

/**
 * The salt of `day`'s view hashes, drawn at random by the first process to need it; salts of
 * earlier days are deleted on the way, so yesterday's hashes can no longer be recomputed.
 */
export async function saltOf(db: Db, day: string): Promise<string> {
  const [, , found] = await db.$client.batch(
    [
      { sql: "DELETE FROM analytics_salts WHERE day < ?", args: [day] },
      {
        sql: "INSERT INTO analytics_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING",
        args: [day, randomBytes(32).toString("hex")],
      },
      { sql: "SELECT salt FROM analytics_salts WHERE day = ?", args: [day] },
    ],
    "write",
  );
  return String(found?.rows[0]?.salt);
}

/**
 * Counts a view of a tool by the visitor `hash` stands for, once per day: "counted", "repeat"
 * (this visitor was counted today), or "unknown" (no such tool, or one the public cannot see;
 * nothing is stored).
 */
export async function recordView(
  db: Db,
  toolId: number,
  day: string,
  hash: bigint,
): Promise<"counted" | "repeat" | "unknown"> {
  const [visitor] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO view_visitors (hash, day) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM tools t WHERE t.id = ? AND ${publicToolSql()})
              ON CONFLICT DO NOTHING`,
        args: [hash, day, toolId],
      },
      {
        sql: `INSERT INTO tool_daily_stats (tool_id, day, views) SELECT ?, ?, 1 WHERE changes() > 0
              ON CONFLICT (tool_id, day) DO UPDATE SET views = views + 1`,
        args: [toolId, day],
      },
    ],
    "write",
  );
  if ((visitor?.rowsAffected ?? 0) > 0) return "counted";
  const tool = await db.$client.execute({
    sql: `SELECT 1 FROM tools t WHERE t.id = ? AND ${publicToolSql()}`,
    args: [toolId],
  });
  return tool.rows.length > 0 ? "repeat" : "unknown";
}

/** How many visitor hashes the dedup set holds (all of today's once earlier days are purged). */
export async function visitorCount(db: Db): Promise<number> {
  const result = await db.$client.execute("SELECT count(*) AS n FROM view_visitors");
  return Number(result.rows[0]?.n ?? 0);
}

export type DayFigures = { day: string; views: number; clicks: number; saves: number; unsaves: number };

/** A tool's figures for each day from `from` to `to` (inclusive), days without any as zeros. */
export async function toolAnalytics(db: Db, toolId: number, from: string, to: string): Promise<DayFigures[]> {
  const result = await db.$client.execute({
    sql: `SELECT day, views, clicks, saves, unsaves FROM tool_daily_stats
          WHERE tool_id = ? AND day >= ? AND day <= ? ORDER BY day`,
    args: [toolId, from, to],
  });
  const byDay = new Map(
    result.rows.map((r) => [
      String(r.day),
      { views: Number(r.views), clicks: Number(r.clicks), saves: Number(r.saves), unsaves: Number(r.unsaves) },
    ]),
  );
  const days: DayFigures[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); dayOf(new Date(at)) <= to; at += 86_400_000) {
    const day = dayOf(new Date(at));
    days.push({ day, ...(byDay.get(day) ?? { views: 0, clicks: 0, saves: 0, unsaves: 0 }) });
  }
  return days;
}

/** Rows deleted per statement, so a purge never holds the write lock for long. */
const PURGE_CHUNK = 20_000;

/**
 * Ends the days before `today`: their salts and visitor hashes are deleted, and daily figures
 * older than `keepDays` days are pruned. Returns how many rows went.
 */
export async function purgeAnalytics(db: Db, today: string, keepDays: number): Promise<number> {
  let removed = (await db.$client.execute({ sql: "DELETE FROM analytics_salts WHERE day < ?", args: [today] }))
    .rowsAffected;
  const chunked = async (sql: string, arg: string) => {
    for (;;) {
      const { rowsAffected } = await db.$client.execute({ sql, args: [arg, PURGE_CHUNK] });
      removed += rowsAffected;
      if (rowsAffected < PURGE_CHUNK) return;
    }
  };
  await chunked(
    "DELETE FROM view_visitors WHERE rowid IN (SELECT rowid FROM view_visitors WHERE day < ? LIMIT ?)",
    today,
  );
  await chunked(
    "DELETE FROM tool_daily_stats WHERE rowid IN (SELECT rowid FROM tool_daily_stats WHERE day < ? LIMIT ?)",
    daysBefore(today, keepDays - 1),
  );
  return removed;
}
