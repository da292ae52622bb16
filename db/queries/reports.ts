import type { InStatement } from "@libsql/client";
import type { Db } from "../client";
import type { Report } from "../schema";
import { equals, type ListSpec } from "./admin-list";

export type ReportInput = {
  tool_id: number;
  reason: Report["reason"];
  note: string;
  user_id: number | null;
  /** networkKey() of the sender's address. */
  network: string;
};

/** Open reports one tool keeps at most: past that, a report adds to a count instead of a row. */
const MAX_OPEN_REPORTS_PER_TOOL = 100;

// The tool's open reports; the sender's network's open report of this reason; the tool is full.
const OPEN = "tool_id = :tool AND status = 'open'";
const MINE = `EXISTS (SELECT 1 FROM reports WHERE ${OPEN} AND network = :network AND reason = :reason)`;
const FULL = `(SELECT count(*) FROM reports WHERE ${OPEN}) >= :cap`;
const REASON_HELD = `EXISTS (SELECT 1 FROM reports WHERE ${OPEN} AND reason = :reason)`;
// At the cap with no open report of this reason: the oldest report of the reason most reported
// makes room, its count passed on to the next of that reason (there are 25 or more of them).
const VICTIM = `(SELECT id FROM reports WHERE ${OPEN} AND reason = (
    SELECT reason FROM reports WHERE ${OPEN} GROUP BY reason ORDER BY count(*) DESC, reason LIMIT 1
  ) ORDER BY id LIMIT 1)`;

/**
 * Stores a report so that no report is lost and no party can silence others: one network (a /24
 * or /48) holds one open report per tool and reason, its newer report replacing its older one.
 * A tool holds at most MAX_OPEN_REPORTS_PER_TOOL open ones; past that a report of a reason
 * already open adds to that report's `repeats`, and one of a reason not open yet takes the place
 * of the oldest report of the most reported reason (whose count moves to the next one). One write
 * transaction, so concurrent reports are counted one by one.
 */
export async function addReport(
  db: Db,
  input: ReportInput,
  /** The admins' notification, written with the report when it is the tool's only open one. */
  mail: (onlyIfFirstOpen: string) => InStatement[] = () => [],
): Promise<void> {
  const args = {
    tool: input.tool_id,
    reason: input.reason,
    note: input.note,
    user: input.user_id,
    network: input.network,
    cap: MAX_OPEN_REPORTS_PER_TOOL,
  };
  const now = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
  await db.$client.batch(
    [
      {
        sql: `UPDATE reports SET note = :note, user_id = :user, created_at = ${now}
              WHERE ${OPEN} AND network = :network AND reason = :reason`,
        args,
      },
      {
        sql: `UPDATE reports SET repeats = repeats + 1
              WHERE id = (SELECT id FROM reports WHERE ${OPEN} AND reason = :reason ORDER BY id LIMIT 1)
                AND NOT ${MINE} AND ${FULL}`,
        args,
      },
      {
        sql: `UPDATE reports SET repeats = repeats + 1 + (SELECT repeats FROM reports WHERE id = ${VICTIM})
              WHERE id = (SELECT id FROM reports WHERE ${OPEN} AND id > ${VICTIM}
                            AND reason = (SELECT reason FROM reports WHERE id = ${VICTIM}) ORDER BY id LIMIT 1)
                AND NOT ${REASON_HELD} AND ${FULL}`,
        args,
      },
      { sql: `DELETE FROM reports WHERE id = ${VICTIM} AND NOT ${REASON_HELD} AND ${FULL}`, args },
      {
        sql: `INSERT INTO reports (tool_id, reason, note, user_id, network)
              SELECT :tool, :reason, :note, :user, :network WHERE NOT ${MINE} AND NOT ${FULL}`,
        args,
      },
      // One mail per tool until its reports are handled: a flood of reports is not a flood of mail.
      ...mail(
        `changes() > 0 AND (SELECT count(*) FROM reports WHERE tool_id = ${Number(input.tool_id)} AND status = 'open') = 1`,
      ),
    ],
    "write",
  );
}

/** A report as the admin sees it: the sender's network is kept for counting only. */
export type AdminReport = Omit<Report, "network"> & { tool_name: string | null; tool_slug: string | null };

function toReport(r: Record<string, unknown>): AdminReport {
  return {
    id: Number(r.id),
    tool_id: Number(r.tool_id),
    tool_name: (r.tool_name as string | null) ?? null,
    tool_slug: (r.tool_slug as string | null) ?? null,
    reason: r.reason as Report["reason"],
    note: String(r.note ?? ""),
    user_id: r.user_id == null ? null : Number(r.user_id),
    status: r.status === "resolved" ? "resolved" : "open",
    created_at: String(r.created_at),
    resolved_at: (r.resolved_at as string | null) ?? null,
    repeats: Number(r.repeats ?? 0),
  };
}

/** The admin's Reports list, newest first by default, with the tool's name and slug. */
export const reportList: ListSpec<AdminReport> = {
  from: "FROM reports r LEFT JOIN tools t ON t.id = r.tool_id",
  select: "r.*, t.name AS tool_name, t.slug AS tool_slug",
  id: "r.id",
  sort: { created_at: "r.created_at", status: "r.status", reason: "r.reason", tool_name: "t.name COLLATE NOCASE" },
  filter: { status: equals("r.status"), reason: equals("r.reason"), tool_id: equals("r.tool_id") },
  map: toReport,
};

export async function getReport(db: Db, id: number): Promise<AdminReport | null> {
  const result = await db.$client.execute({
    sql: `SELECT ${reportList.select} ${reportList.from} WHERE r.id = ?`,
    args: [id],
  });
  return result.rows[0] ? toReport(result.rows[0] as Record<string, unknown>) : null;
}

export async function setReportStatus(
  db: Db,
  id: number,
  status: Report["status"],
  /** The tool owner's notification, written only when this call resolves an open report. */
  mail: (onlyIfResolvedNow: string) => InStatement[] = () => [],
): Promise<AdminReport | null> {
  await db.$client.batch(
    [
      {
        sql: `UPDATE reports SET status = ?, resolved_at = CASE WHEN ? = 'resolved' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
              WHERE id = ? AND status <> ?`,
        args: [status, status, id, status],
      },
      // Only a report this call resolved mails anyone: reopening or resolving twice does not.
      ...(status === "resolved" ? mail("changes() > 0") : []),
    ],
    "write",
  );
  return getReport(db, id);
}

export async function deleteReport(db: Db, id: number): Promise<boolean> {
  return (await db.$client.execute({ sql: "DELETE FROM reports WHERE id = ?", args: [id] })).rowsAffected > 0;
}
