import type { InStatement } from "@libsql/client";
import type { Db } from "../client";

/** The site_state keys that remember what the admins were last told. */
const SUBMISSIONS_SEEN = "mail:submissions_seen";
const SUMMARY_DAY = "mail:summary_day";

async function readState(db: Db, key: string): Promise<string | null> {
  const row = (await db.$client.execute({ sql: "SELECT value FROM site_state WHERE key = ?", args: [key] })).rows[0];
  return row ? String(row.value) : null;
}

/** Moves a mark from `was` (null: unset) to `value`; changes() tells whether this call moved it. */
const moveState = (key: string, was: string | null, value: string): InStatement =>
  was === null
    ? { sql: "INSERT OR IGNORE INTO site_state (key, value) VALUES (?, ?)", args: [key, value] }
    : {
        sql: `UPDATE site_state SET value = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE key = ? AND value = ?`,
        args: [value, key, was],
      };

/**
 * Tools submitted for review since the admins were last told, with how many wait in all: the
 * mail is written in one batch with the mark it moves, and only if this call moved it (two
 * processes at once tell once), so each submission is told once.
 */
export async function alertNewSubmissions(
  db: Db,
  mail: (fresh: { name: string }[], waiting: number, onlyIfMoved: string) => InStatement[],
): Promise<number> {
  const seen = await readState(db, SUBMISSIONS_SEEN);
  if (seen === null) {
    // First run: what already waits is not news.
    const max = (await db.$client.execute("SELECT coalesce(max(id), 0) AS id FROM tools")).rows[0]?.id;
    await db.$client.execute(moveState(SUBMISSIONS_SEEN, null, String(max ?? 0)));
    return 0;
  }
  const fresh = await db.$client.execute({
    sql: "SELECT id, name FROM tools WHERE status = 'pending' AND id > ? ORDER BY id",
    args: [Number(seen)],
  });
  const last = fresh.rows.at(-1);
  if (!last) return 0;
  const waiting = Number(
    (await db.$client.execute("SELECT count(*) AS n FROM tools WHERE status = 'pending'")).rows[0]?.n,
  );
  await db.$client.batch(
    [
      moveState(SUBMISSIONS_SEEN, seen, String(last.id)),
      ...mail(
        fresh.rows.map((r) => ({ name: String(r.name) })),
        waiting,
        "changes() > 0",
      ),
    ],
    "write",
  );
  return fresh.rows.length;
}

export type DailyFigures = { signups: number; submissions: number; pending: number; reports: number; reviews: number };

/** The day's summary, once per UTC day (YYYY-MM-DD of `now`): figures of the 24 hours before `now`. */
export async function dailySummary(
  db: Db,
  now: Date,
  mail: (day: string, figures: DailyFigures, onlyIfMoved: string) => InStatement[],
): Promise<boolean> {
  const day = now.toISOString().slice(0, 10);
  const was = await readState(db, SUMMARY_DAY);
  if (was === day) return false;
  const since = new Date(now.getTime() - 86_400_000).toISOString();
  const n = async (sql: string, args: string[] = [since]) =>
    Number((await db.$client.execute({ sql, args })).rows[0]?.n ?? 0);
  const figures = {
    signups: await n("SELECT count(*) AS n FROM users WHERE created_at > ?"),
    submissions: await n("SELECT count(*) AS n FROM tools WHERE created_at > ?"),
    pending: await n("SELECT count(*) AS n FROM tools WHERE status = 'pending'", []),
    reports: await n("SELECT count(*) AS n FROM reports WHERE created_at > ?"),
    reviews: await n("SELECT count(*) AS n FROM reviews WHERE created_at > ?"),
  };
  const [moved] = await db.$client.batch(
    [moveState(SUMMARY_DAY, was, day), ...mail(day, figures, "changes() > 0")],
    "write",
  );
  return (moved?.rowsAffected ?? 0) > 0;
}
