import type { Db } from "../client";

export type ReviewOut = {
  id: number;
  tool_id: number;
  rating: number;
  comment: string;
  created_at: string;
  user_id: number | null;
};

const toReview = (r: Record<string, unknown>): ReviewOut => ({
  id: Number(r.id),
  tool_id: Number(r.tool_id),
  user_id: r.user_id == null ? null : Number(r.user_id),
  rating: Number(r.rating),
  comment: String(r.comment ?? ""),
  created_at: String(r.created_at),
});

/** Recomputes a tool's stored rating figures from its reviews (run in the same batch as the write). */
const refreshRating = (toolId: number) => ({
  sql: `UPDATE tools SET
          avg_rating = coalesce((SELECT avg(rating) FROM reviews WHERE tool_id = ?), 0),
          review_count = (SELECT count(*) FROM reviews WHERE tool_id = ?)
        WHERE id = ?`,
  args: [toolId, toolId, toolId],
});

/** The member's own review of a tool, or null. */
export async function getMemberReview(db: Db, toolId: number, userId: number): Promise<ReviewOut | null> {
  const result = await db.$client.execute({
    sql: "SELECT id, tool_id, user_id, rating, comment, created_at FROM reviews WHERE tool_id = ? AND user_id = ?",
    args: [toolId, userId],
  });
  const row = result.rows[0];
  return row ? toReview(row) : null;
}

/** Deletes the member's review of a tool and refreshes its rating figures; false when there was none. */
export async function deleteMemberReview(db: Db, toolId: number, userId: number): Promise<boolean> {
  const [deleted] = await db.$client.batch(
    [{ sql: "DELETE FROM reviews WHERE tool_id = ? AND user_id = ?", args: [toolId, userId] }, refreshRating(toolId)],
    "write",
  );
  return (deleted?.rowsAffected ?? 0) > 0;
}

export async function listReviews(db: Db, toolId: number): Promise<ReviewOut[]> {
  const result = await db.$client.execute({
    sql: "SELECT id, tool_id, user_id, rating, comment, created_at FROM reviews WHERE tool_id = ? ORDER BY created_at DESC, id DESC",
    args: [toolId],
  });
  return result.rows.map(toReview);
}

/** Creates or replaces the user's review of a tool, then refreshes the tool's rating figures. */
export async function upsertReview(
  db: Db,
  toolId: number,
  userId: number,
  rating: number,
  comment: string,
): Promise<ReviewOut> {
  const [saved] = await db.$client.batch(
    [
      {
        sql: `INSERT INTO reviews (tool_id, user_id, rating, comment) VALUES (?, ?, ?, ?)
              ON CONFLICT (tool_id, user_id) DO UPDATE SET rating = excluded.rating, comment = excluded.comment,
              created_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              RETURNING id, tool_id, user_id, rating, comment, created_at`,
        args: [toolId, userId, rating, comment],
      },
      refreshRating(toolId),
    ],
    "write",
  );
  const r = saved?.rows[0];
  if (!r) throw new Error("review upsert returned nothing");
  return {
    id: Number(r.id),
    tool_id: Number(r.tool_id),
    user_id: Number(r.user_id),
    rating: Number(r.rating),
    comment: String(r.comment),
    created_at: String(r.created_at),
  };
}
