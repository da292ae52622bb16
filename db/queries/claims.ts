import { randomBytes } from "node:crypto";
import type { InStatement } from "@libsql/client";
import type { Db } from "../client";
import type { ToolClaim } from "../schema";

const CLAIM_COLUMNS = "id, tool_id, user_id, token, status, method, last_error, checked_at, verified_at, created_at";

function toClaim(row: Record<string, unknown>): ToolClaim {
  return {
    id: Number(row.id),
    tool_id: Number(row.tool_id),
    user_id: Number(row.user_id),
    token: String(row.token),
    status: row.status === "verified" ? "verified" : "pending",
    method: (row.method as string | null) ?? null,
    last_error: (row.last_error as string | null) ?? null,
    checked_at: (row.checked_at as string | null) ?? null,
    verified_at: (row.verified_at as string | null) ?? null,
    created_at: String(row.created_at),
  };
}

export async function findClaim(db: Db, toolId: number, userId: number): Promise<ToolClaim | null> {
  const result = await db.$client.execute({
    sql: `SELECT ${CLAIM_COLUMNS} FROM tool_claims WHERE tool_id = ? AND user_id = ?`,
    args: [toolId, userId],
  });
  return result.rows[0] ? toClaim(result.rows[0] as Record<string, unknown>) : null;
}

/** The caller's claim on a tool: the one they have, else a new one with a fresh token. */
export async function openClaim(db: Db, toolId: number, userId: number): Promise<ToolClaim> {
  // 128 random bits: a token cannot be guessed, only published by whoever runs the site.
  const token = randomBytes(16).toString("hex");
  await db.$client.execute({
    sql: "INSERT INTO tool_claims (tool_id, user_id, token) VALUES (?, ?, ?) ON CONFLICT (tool_id, user_id) DO NOTHING",
    args: [toolId, userId, token],
  });
  return (await findClaim(db, toolId, userId)) as ToolClaim;
}

export async function recordFailedCheck(db: Db, claimId: number, error: string): Promise<void> {
  await db.$client.execute({
    sql: "UPDATE tool_claims SET last_error = ?, checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
    args: [error.slice(0, 500), claimId],
  });
}

/**
 * Marks the claim verified and hands the listing to its maker, in one transaction: the tool is
 * theirs (they edit it as its submitter) and shows the Verified badge. A Pro feature the previous
 * owner held on it ends, since the feature belonged to their plan, not to the listing.
 */
export async function verifyClaim(
  db: Db,
  claim: ToolClaim,
  method: "meta" | "file",
  websiteUrl: string,
  /** The maker's notification, in the same batch, written only when the claim is verified. */
  mail: (onlyIfVerified: string) => InStatement[] = () => [],
): Promise<boolean> {
  // All or nothing, and only while the tool still names the website that was checked: a
  // website changed during the check (it takes seconds) earns no badge for a site not checked.
  const unchanged = "EXISTS (SELECT 1 FROM tools WHERE id = ? AND website_url = ?)";
  const [, tool] = await db.$client.batch(
    [
      {
        sql: `UPDATE tool_claims SET status = 'verified', method = ?, last_error = NULL,
                checked_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), verified_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE id = ? AND ${unchanged}`,
        args: [method, claim.id, claim.tool_id, websiteUrl],
      },
      {
        sql: `UPDATE tools SET is_featured = CASE WHEN owner_featured = 1 AND submitted_by IS NOT ? THEN 0 ELSE is_featured END,
                submitted_by = ?, is_verified = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE id = ? AND website_url = ?`,
        args: [claim.user_id, claim.user_id, claim.tool_id, websiteUrl],
      },
      // Other members' pending claims on the same tool are moot now.
      {
        sql: `DELETE FROM tool_claims WHERE tool_id = ? AND status = 'pending' AND id <> ? AND ${unchanged}`,
        args: [claim.tool_id, claim.id, claim.tool_id, websiteUrl],
      },
      ...mail(`EXISTS (SELECT 1 FROM tool_claims WHERE id = ${Number(claim.id)} AND status = 'verified')`),
    ],
    "write",
  );
  return (tool?.rowsAffected ?? 0) > 0;
}
