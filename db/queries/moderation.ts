import type { InStatement } from "@libsql/client";
import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { siteState, type ToolStatus, tools, type User } from "../schema";
import type { Tool } from "./rows";
import { listTools } from "./tools";

/** A libSQL statement as drizzle SQL, to run it in a drizzle transaction (its `?` bound in order). */
function asSql(statement: InStatement): SQL {
  const { sql: text, args = [] } = typeof statement === "string" ? { sql: statement } : statement;
  const values = Array.isArray(args) ? args : [];
  const parts = text.split("?");
  return sql.join(parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql`${values[i - 1]}`, sql.raw(part)])));
}

/** The site_state key of the moderation switch: "on" or "off"; absent means on. */
const MODERATION_KEY = "moderation";

/** Whether members' new submissions wait for review (the admin's dashboard switch; on by default). */
export async function moderationEnabled(db: Db): Promise<boolean> {
  const row = await db
    .select({ value: siteState.value })
    .from(siteState)
    .where(eq(siteState.key, MODERATION_KEY))
    .get();
  return row?.value !== "off";
}

export async function setModeration(db: Db, enabled: boolean): Promise<void> {
  const value = enabled ? "on" : "off";
  await db
    .insert(siteState)
    .values({ key: MODERATION_KEY, value })
    .onConflictDoUpdate({ target: siteState.key, set: { value, updated_at: new Date().toISOString() } });
}

/**
 * The status a tool `author` submits (or resubmits) gets: admins and Pro members publish at
 * once, and so does everyone while moderation is off; other members' tools wait for review.
 */
export async function submissionStatus(
  db: Db,
  author: Pick<User, "role" | "subscription_status">,
): Promise<ToolStatus> {
  if (author.role === "admin" || author.subscription_status === "pro") return "published";
  return (await moderationEnabled(db)) ? "pending" : "published";
}

/**
 * Whether `author`'s edit of `tool` waits for review in its reviewed fields (db/queries/
 * revisions.ts): a published tool edited by someone whose submission would wait (a member
 * without Pro, while moderation is on). A pending tool is under review as a whole anyway.
 */
export async function editNeedsReview(
  db: Db,
  author: Pick<User, "role" | "subscription_status">,
  tool: Pick<Tool, "status">,
): Promise<boolean> {
  return tool.status === "published" && (await submissionStatus(db, author)) === "pending";
}

/** The ids among `ids` that name no tool. */
export class UnknownTools extends Error {
  constructor(readonly ids: number[]) {
    super(`ids: unknown tool ${ids.slice(0, 10).join(", ")}${ids.length > 10 ? ", ..." : ""}`);
  }
}

/**
 * Approves (published) or rejects (with `reason`) the tools `ids` in one transaction: all of them
 * or, when any id names no tool, none (UnknownTools). Answers the tools as they were before,
 * for the rebuild, and after.
 */
export async function setToolStatus(
  db: Db,
  ids: number[],
  status: Exclude<ToolStatus, "pending">,
  reason: string | null = null,
  /** The owners' notifications, written in the same transaction. */
  mail: (before: Tool[]) => InStatement[] = () => [],
): Promise<{ before: Tool[]; after: Tool[] }> {
  const unique = [...new Set(ids)];
  const before = await listTools(db, { ids: unique, limit: unique.length, offset: 0, visibility: "any" });
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, unique)).all();
    const known = new Set(found.map((r) => r.id));
    const unknown = unique.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new UnknownTools(unknown);
    await tx
      .update(tools)
      .set({
        status,
        rejection_reason: status === "rejected" ? reason : null,
        updated_at: new Date().toISOString(),
      })
      .where(inArray(tools.id, unique));
    for (const statement of mail(before)) await tx.run(asSql(statement));
  });
  const after = await listTools(db, {
    ids: unique,
    limit: unique.length,
    offset: 0,
    visibility: "any",
    adminFields: true,
  });
  const byId = (a: Tool, b: Tool) => a.id - b.id;
  return { before: before.sort(byId), after: after.sort(byId) };
}

/**
 * Paid for review first: the tools still waiting for review among `target` (some tools, or all of
 * an owner's) lead the moderation queue from then on, the earliest payment first. A statement for
 * the payment's own batch (db/queries/stripe-events.ts), run only where `onlyIf` (SQL) holds: a
 * Pro purchase runs it for the buyer's pending tools, a paid fast-track review for its tool.
 */
export function prioritizeReview(target: { toolIds: number[] } | { ownerId: number }, onlyIf = "1"): InStatement {
  const [which, args] =
    "ownerId" in target
      ? ["submitted_by = ?", [target.ownerId]]
      : [`id IN (${target.toolIds.map(() => "?").join(",") || "NULL"})`, target.toolIds];
  return {
    sql: `UPDATE tools SET review_priority_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
          WHERE ${which} AND status = 'pending' AND review_priority_at IS NULL AND ${onlyIf}`,
    args,
  };
}
