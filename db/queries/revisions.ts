import type { InStatement } from "@libsql/client";
import { eq } from "drizzle-orm";
import { fitsBase, toolSlugBase } from "../../lib/slug";
import type { Db } from "../client";
import { tools } from "../schema";
import type { Tool } from "./rows";
import { slugChangeStatements } from "./slug-redirects";
import { freeSlug, SlugConflict } from "./slugs";
import { getTool, websiteChange } from "./tools";

/**
 * What a member's edit of a published tool may not change unreviewed while moderation is on
 * (decision 015): what the listing says and shows. Pricing, category, tags, FAQ and pros/cons
 * go live at once.
 */
const REVIEWED_FIELDS = ["name", "description", "website_url", "logo_url", "screenshots", "video_url"] as const;
type ReviewedField = (typeof REVIEWED_FIELDS)[number];
type Changes = Partial<Record<ReviewedField, unknown>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Splits an edit into its reviewed fields (those it sends) and the rest. */
export function splitReviewed<P extends object>(patch: P): { reviewed: Changes; rest: P } {
  const reviewed: Changes = {};
  const rest = { ...patch } as Record<string, unknown>;
  for (const field of REVIEWED_FIELDS) {
    if (field in rest && rest[field] !== undefined) reviewed[field] = rest[field];
    delete rest[field];
  }
  return { reviewed, rest: rest as P };
}

/**
 * Records a member's edit of `tool`'s reviewed fields as its one pending revision. The edit
 * replaces the pending proposal field by field: a value unlike the live one is proposed, the
 * live value withdraws that field's proposal, a field it does not send keeps its proposal. No
 * proposal left: no pending revision. Answers whether one is pending now.
 */
export async function proposeRevision(db: Db, tool: Tool, memberId: number, sent: Changes): Promise<boolean> {
  const pending = await pendingChanges(db, tool.id);
  const changes: Changes = { ...pending };
  for (const [field, value] of Object.entries(sent) as [ReviewedField, unknown][]) {
    if (same(value, tool[field])) delete changes[field];
    else changes[field] = value;
  }
  const propose = Object.keys(changes).length > 0;
  // One transaction: the partial unique index keeps one pending revision per tool either way.
  await db.$client.batch(
    [
      { sql: "DELETE FROM tool_revisions WHERE tool_id = ? AND status = 'pending'", args: [tool.id] },
      ...(propose
        ? [
            {
              sql: "INSERT INTO tool_revisions (tool_id, submitted_by, changes) VALUES (?, ?, ?)",
              args: [tool.id, memberId, JSON.stringify(changes)],
            },
          ]
        : []),
    ],
    "write",
  );
  return propose;
}

/**
 * A live edit of reviewed fields (an admin's, a Pro member's, any with moderation off) supersedes
 * the pending proposals for those fields: approving the revision later never undoes it.
 */
export async function supersedeProposals(db: Db, toolId: number, sent: Changes): Promise<void> {
  const pending = await pendingChanges(db, toolId);
  if (!pending) return;
  const changes: Changes = { ...pending };
  for (const field of Object.keys(sent) as ReviewedField[]) delete changes[field];
  if (Object.keys(changes).length === Object.keys(pending).length) return;
  await db.$client.execute(
    Object.keys(changes).length > 0
      ? {
          sql: "UPDATE tool_revisions SET changes = ? WHERE tool_id = ? AND status = 'pending'",
          args: [JSON.stringify(changes), toolId],
        }
      : { sql: "DELETE FROM tool_revisions WHERE tool_id = ? AND status = 'pending'", args: [toolId] },
  );
}

async function pendingChanges(db: Db, toolId: number): Promise<Changes | null> {
  const result = await db.$client.execute({
    sql: "SELECT changes FROM tool_revisions WHERE tool_id = ? AND status = 'pending'",
    args: [toolId],
  });
  const row = result.rows[0];
  return row ? (JSON.parse(String(row.changes)) as Changes) : null;
}

/** The ids among `toolIds` with changes waiting for review. */
export async function toolsWithPendingRevision(db: Db, toolIds: number[]): Promise<Set<number>> {
  if (toolIds.length === 0) return new Set();
  const result = await db.$client.execute({
    sql: "SELECT tool_id FROM tool_revisions WHERE status = 'pending' AND tool_id IN (SELECT value FROM json_each(?))",
    args: [JSON.stringify(toolIds)],
  });
  return new Set(result.rows.map((r) => Number(r.tool_id)));
}

/** One line of a revision's diff: a reviewed field as it is live and as proposed. */
type FieldChange = { field: ReviewedField; old: unknown; new: unknown };

export type Revision = {
  id: number;
  tool_id: number;
  tool_name: string;
  tool_slug: string;
  submitted_by: number | null;
  submitter_email: string | null;
  created_at: string;
  diff: FieldChange[];
};

/** The moderation queue's revisions: every pending one, oldest first, with its field-by-field diff. */
export async function pendingRevisions(db: Db, limit: number): Promise<Revision[]> {
  const result = await db.$client.execute({
    sql: `SELECT r.id, r.tool_id, r.submitted_by, r.changes, r.created_at, u.email,
            json_object('name', t.name, 'description', t.description, 'website_url', t.website_url,
              'logo_url', t.logo_url, 'screenshots', json(t.screenshots), 'video_url', t.video_url) AS live,
            t.name, t.slug
          FROM tool_revisions r JOIN tools t ON t.id = r.tool_id LEFT JOIN users u ON u.id = r.submitted_by
          WHERE r.status = 'pending' ORDER BY r.created_at, r.id LIMIT ?`,
    args: [limit],
  });
  return result.rows.map((r) => {
    const live = JSON.parse(String(r.live)) as Changes;
    const changes = JSON.parse(String(r.changes)) as Changes;
    return {
      id: Number(r.id),
      tool_id: Number(r.tool_id),
      tool_name: String(r.name),
      tool_slug: String(r.slug),
      submitted_by: r.submitted_by == null ? null : Number(r.submitted_by),
      submitter_email: r.email == null ? null : String(r.email),
      created_at: String(r.created_at),
      diff: REVIEWED_FIELDS.filter((f) => f in changes).map((f) => ({ field: f, old: live[f], new: changes[f] })),
    };
  });
}

/** No pending revision has this id (unknown, or already decided or replaced). */
export class RevisionNotPending extends Error {
  constructor() {
    super("This revision is no longer waiting for review");
  }
}

/**
 * Applies pending revision `id` to its tool in one transaction (a changed name renames the slug
 * as any edit does, the old slug kept leading to the tool), or throws RevisionNotPending.
 * Answers the tool before and after, for the rebuild.
 */
export async function approveRevision(
  db: Db,
  id: number,
  /** The member's notification, written in the same transaction. */
  mail: (tool: Tool, memberId: number) => InStatement[] = () => [],
): Promise<{ before: Tool; after: Tool }> {
  const found = await db.$client.execute({
    sql: "SELECT tool_id, changes, submitted_by FROM tool_revisions WHERE id = ? AND status = 'pending'",
    args: [id],
  });
  const row = found.rows[0];
  const before = row ? await getTool(db, { id: Number(row.tool_id) }, true) : null;
  if (!row || !before) throw new RevisionNotPending();
  const changes = JSON.parse(String(row.changes)) as Changes;
  const base = typeof changes.name === "string" ? toolSlugBase(changes.name) : null;
  const slug = base && !fitsBase(before.slug, base) ? await freeSlug(db, "tools", base, before.id) : null;
  const values = {
    ...changes,
    updated_at: new Date().toISOString(),
    ...(typeof changes.website_url === "string" ? websiteChange(changes.website_url) : {}),
    ...(slug ? { slug } : {}),
  };
  const update = db
    .update(tools)
    .set(values as Partial<typeof tools.$inferInsert>)
    .where(eq(tools.id, before.id))
    .toSQL();
  const tx = await db.$client.transaction("write");
  try {
    const claimed = await tx.execute({
      sql: "UPDATE tool_revisions SET status = 'approved', updated_at = ? WHERE id = ? AND status = 'pending'",
      args: [values.updated_at, id],
    });
    if (claimed.rowsAffected === 0) throw new RevisionNotPending();
    await tx.execute({ sql: update.sql, args: update.params as never });
    for (const statement of slug ? slugChangeStatements("tool", before.id, before.slug, slug) : []) {
      await tx.execute(statement);
    }
    if (row.submitted_by != null) {
      for (const statement of mail(before, Number(row.submitted_by))) await tx.execute(statement);
    }
    await tx.commit();
  } catch (error) {
    // Another tool took the slug between the look-up and the write: the admin tries again.
    if (base && String(error).includes("tools.slug")) throw new SlugConflict(base);
    throw error;
  } finally {
    tx.close();
  }
  const after = await getTool(db, { id: before.id }, true);
  if (!after) throw new RevisionNotPending();
  return { before, after };
}

/** Rejects pending revision `id` with `reason`; the live listing stays as it is. */
export async function rejectRevision(
  db: Db,
  id: number,
  reason: string,
  /** The member's notification, written with the rejection (only when it happens). */
  mail: (tool: Tool, memberId: number, onlyIfRejected: string) => InStatement[] = () => [],
): Promise<number> {
  const found = await db.$client.execute({
    sql: "SELECT tool_id, submitted_by FROM tool_revisions WHERE id = ? AND status = 'pending'",
    args: [id],
  });
  const revision = found.rows[0];
  const tool = revision ? await getTool(db, { id: Number(revision.tool_id) }, true) : null;
  const notices =
    tool && revision?.submitted_by != null ? mail(tool, Number(revision.submitted_by), "changes() > 0") : [];
  const [result] = await db.$client.batch(
    [
      {
        sql: `UPDATE tool_revisions SET status = 'rejected', reason = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
              WHERE id = ? AND status = 'pending' RETURNING tool_id`,
        args: [reason, id],
      },
      ...notices,
    ],
    "write",
  );
  const row = result?.rows[0];
  if (!row) throw new RevisionNotPending();
  return Number(row.tool_id);
}

/** How long a decided edit is kept (nothing reads it; it is the admins' recent history). */
export const DECIDED_REVISION_KEEP_DAYS = 90;

/** Deletes edits approved or rejected more than the kept days before `now`; resolves how many went. */
export async function sweepDecidedRevisions(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - DECIDED_REVISION_KEEP_DAYS * 86_400_000).toISOString();
  const { rowsAffected } = await db.$client.execute({
    sql: "DELETE FROM tool_revisions WHERE status != 'pending' AND updated_at < ?",
    args: [before],
  });
  return rowsAffected;
}
