import type { Db } from "../client";
import type { Report } from "../schema";
import { equals, type ListSpec } from "./admin-list";

export type ReportInput = { tool_id: number; reason: Report["reason"]; note: string; user_id: number | null };

/** Open reports one tool keeps at most: past that, more say nothing new and are not stored. */
const MAX_OPEN_REPORTS_PER_TOOL = 100;

/** Stores a report unless the tool already has the most open ones; true when stored. */
export async function addReport(db: Db, input: ReportInput): Promise<boolean> {
  const result = await db.$client.execute({
    sql: `INSERT INTO reports (tool_id, reason, note, user_id)
          SELECT ?, ?, ?, ? WHERE (SELECT count(*) FROM reports WHERE tool_id = ? AND status = 'open') < ?`,
    args: [input.tool_id, input.reason, input.note, input.user_id, input.tool_id, MAX_OPEN_REPORTS_PER_TOOL],
  });
  return result.rowsAffected > 0;
}

export type AdminReport = Report & { tool_name: string | null; tool_slug: string | null };

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

export async function setReportStatus(db: Db, id: number, status: Report["status"]): Promise<AdminReport | null> {
  await db.$client.execute({
    sql: `UPDATE reports SET status = ?, resolved_at = CASE WHEN ? = 'resolved' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END
          WHERE id = ?`,
    args: [status, status, id],
  });
  return getReport(db, id);
}

export async function deleteReport(db: Db, id: number): Promise<boolean> {
  return (await db.$client.execute({ sql: "DELETE FROM reports WHERE id = ?", args: [id] })).rowsAffected > 0;
}
