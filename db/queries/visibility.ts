import type { ToolStatus } from "../schema";

/**
 * What the public may see of tools, in one place: only published ones. Every public read (the
 * directory, search, category and tag pages and counts, feeds, sitemap, alternatives and
 * comparisons, similar tools, the anonymous API) applies this rule; pending and rejected tools
 * are shown only to their owner and to admins.
 */
const PUBLIC_STATUS = "published" satisfies ToolStatus;

/** The rule as SQL over the `tools` row aliased `alias`. */
export const publicToolSql = (alias = "t") => `${alias}.status = '${PUBLIC_STATUS}'`;

/** The rule for a tool already read. */
export const isPublicTool = (tool: { status: string }) => tool.status === PUBLIC_STATUS;

/** Whether `viewer` may see `tool` whatever its status: its submitter or an admin. */
export function seesAnyStatus(
  tool: { submitted_by: number | null },
  viewer: { id: number; role: string } | null | undefined,
): boolean {
  return !!viewer && (viewer.role === "admin" || tool.submitted_by === viewer.id);
}
