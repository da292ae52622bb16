import type { Db } from "../client";

export type AdminStats = {
  total_tools: number;
  total_categories: number;
  total_reviews: number;
  featured_tools: number;
  total_users: number;
  submissions_last_7_days: number;
  /** Tools waiting in the moderation queue. */
  pending_tools: number;
};

export async function adminStats(db: Db): Promise<AdminStats> {
  const result = await db.$client.execute(`SELECT
    (SELECT count(*) FROM tools) AS total_tools,
    (SELECT count(*) FROM categories) AS total_categories,
    (SELECT count(*) FROM reviews) AS total_reviews,
    (SELECT count(*) FROM tools WHERE is_featured = 1) AS featured_tools,
    (SELECT count(*) FROM users) AS total_users,
    (SELECT count(*) FROM tools WHERE submitted_by IS NOT NULL
       AND created_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-7 days')) AS submissions_last_7_days,
    (SELECT count(*) FROM tools WHERE status = 'pending') AS pending_tools`);
  const r = result.rows[0] ?? {};
  const n = (k: string) => Number((r as Record<string, unknown>)[k] ?? 0);
  return {
    total_tools: n("total_tools"),
    total_categories: n("total_categories"),
    total_reviews: n("total_reviews"),
    featured_tools: n("featured_tools"),
    total_users: n("total_users"),
    submissions_last_7_days: n("submissions_last_7_days"),
    pending_tools: n("pending_tools"),
  };
}
