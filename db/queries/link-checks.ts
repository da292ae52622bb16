import type { Db } from "../client";
import type { SiteFlag } from "../schema";

export type DueTool = {
  id: number;
  slug: string;
  website_url: string;
  failures: number;
  url: string;
  flag: SiteFlag | null;
};

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Claims up to `limit` tools whose website is due for a check (never checked, its URL changed,
 * or its next check has come), pushing their next check `leaseMs` ahead in the same statement:
 * checkers in other processes skip them while this one works.
 */
export async function claimDueTools(db: Db, now: number, limit: number, leaseMs: number): Promise<DueTool[]> {
  const result = await db.$client.execute({
    sql: `INSERT INTO link_checks (tool_id, url, next_check_at)
          SELECT t.id, t.website_url, ? FROM tools t LEFT JOIN link_checks l ON l.tool_id = t.id
          WHERE t.website_url <> '' AND (l.tool_id IS NULL OR l.next_check_at <= ? OR l.url <> t.website_url)
          ORDER BY l.next_check_at IS NOT NULL, l.next_check_at, t.id
          LIMIT ?
          ON CONFLICT (tool_id) DO UPDATE SET next_check_at = excluded.next_check_at,
            failures = CASE WHEN link_checks.url = excluded.url THEN link_checks.failures ELSE 0 END,
            url = excluded.url
          RETURNING tool_id, url, failures`,
    args: [iso(now + leaseMs), iso(now), limit],
  });
  if (result.rows.length === 0) return [];
  const ids = result.rows.map((r) => Number(r.tool_id));
  const tools = await db.$client.execute({
    sql: `SELECT id, slug, website_url, site_flag FROM tools WHERE id IN (${ids.map(() => "?").join(",")})`,
    args: ids,
  });
  const byId = new Map(tools.rows.map((r) => [Number(r.id), r]));
  return result.rows.flatMap((r) => {
    const tool = byId.get(Number(r.tool_id));
    if (!tool) return [];
    return [
      {
        id: Number(tool.id),
        slug: String(tool.slug),
        website_url: String(tool.website_url),
        url: String(r.url),
        failures: Number(r.failures),
        flag: (tool.site_flag as SiteFlag | null) ?? null,
      },
    ];
  });
}

export type CheckRecord = {
  status: number | null;
  finalUrl: string | null;
  failures: number;
  error: string | null;
  flag: SiteFlag | null;
  nextCheckAt: number;
};

/**
 * Records a finished check and sets the tool's flag, unless its website changed meanwhile (the
 * new URL gets its own check). True when the flag changed: the tool's page shows it.
 */
export async function recordCheck(db: Db, tool: DueTool, record: CheckRecord, now: number): Promise<boolean> {
  const [, flagged] = await db.$client.batch(
    [
      {
        sql: `UPDATE link_checks SET checked_at = ?, next_check_at = ?, status = ?, final_url = ?, failures = ?, error = ?
              WHERE tool_id = ? AND url = ?`,
        args: [
          iso(now),
          iso(record.nextCheckAt),
          record.status,
          record.finalUrl,
          record.failures,
          record.error,
          tool.id,
          tool.url,
        ],
      },
      {
        sql: "UPDATE tools SET site_flag = ? WHERE id = ? AND website_url = ? AND site_flag IS NOT ?",
        args: [record.flag, tool.id, tool.url, record.flag],
      },
    ],
    "write",
  );
  return (flagged?.rowsAffected ?? 0) > 0;
}

/** The checker's view of one tool, for the admin. */
export async function linkCheckOf(db: Db, toolId: number) {
  const result = await db.$client.execute({
    sql: "SELECT url, checked_at, next_check_at, status, final_url, failures, error FROM link_checks WHERE tool_id = ?",
    args: [toolId],
  });
  return result.rows[0] ?? null;
}
