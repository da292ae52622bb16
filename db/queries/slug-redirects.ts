import type { InStatement } from "@libsql/client";
import type { SlugKind } from "../../lib/site";
import type { Db } from "../client";
import { publicToolSql } from "./visibility";

/**
 * Old slugs kept per record, newest first: past this a rename forgets the oldest. Renames are
 * rare and made by admins or tool owners (whose writes are budgeted), so an honest history never
 * comes close; the cap bounds the table against a record renamed in a loop.
 */
export const MAX_OLD_SLUGS = 20;

/**
 * Where each kind's live slugs are, and which of its rows have a public page (only those are
 * redirected to: an old link must not reveal the new slug of a draft).
 */
const LIVE: Record<SlugKind, { table: string; visible: string }> = {
  tool: { table: "tools", visible: publicToolSql("x") },
  category: { table: "categories", visible: "1" },
  tag: { table: "tags", visible: "1" },
  article: { table: "articles", visible: "x.status = 'published' AND x.is_template = 0" },
};

/** Bound parameters per statement when deleting many slugs at once. */
const CHUNK = 500;

/**
 * Records that record `id` of `kind` moved from `oldSlug` to `newSlug` (nothing when they are
 * equal): the old slug now leads to the record. The rows name the record, not its slug, so a
 * chain of renames collapses by itself (A→B→C: A and B both lead to C). The new slug is live, so
 * it stops redirecting, and only the last MAX_OLD_SLUGS old slugs of the record are kept. Every
 * code path that changes a slug calls this after its write: tools, categories and articles here
 * in db/queries, and tags the same way.
 */
export async function recordSlugChange(
  db: Db,
  kind: SlugKind,
  id: number,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  if (!oldSlug || oldSlug === newSlug) return;
  await db.$client.batch(slugChangeStatements(kind, id, oldSlug, newSlug), "write");
}

/** recordSlugChange's writes, for a caller that runs them inside its own transaction. */
export function slugChangeStatements(kind: SlugKind, id: number, oldSlug: string, newSlug: string): InStatement[] {
  return [
    // The old slug's row is written afresh, so the newest rowid is the newest rename.
    { sql: "DELETE FROM slug_redirects WHERE kind = ? AND old_slug IN (?, ?)", args: [kind, oldSlug, newSlug] },
    { sql: "INSERT INTO slug_redirects (kind, old_slug, target_id) VALUES (?, ?, ?)", args: [kind, oldSlug, id] },
    {
      sql: `DELETE FROM slug_redirects WHERE kind = ?1 AND target_id = ?2 AND rowid NOT IN
              (SELECT rowid FROM slug_redirects WHERE kind = ?1 AND target_id = ?2 ORDER BY rowid DESC LIMIT ?3)`,
      args: [kind, id, MAX_OLD_SLUGS],
    },
  ];
}

/**
 * A new record took these slugs: they are live again and stop redirecting to whatever had them
 * before. (The lookup already lets a live record win; this keeps the row from coming back if the
 * new record goes.)
 */
export async function claimSlugs(db: Db, kind: SlugKind, slugs: string[]): Promise<void> {
  for (let i = 0; i < slugs.length; i += CHUNK) {
    const chunk = slugs.slice(i, i + CHUNK);
    await db.$client.execute({
      sql: `DELETE FROM slug_redirects WHERE kind = ? AND old_slug IN (${chunk.map(() => "?").join(",")})`,
      args: [kind, ...chunk],
    });
  }
}

/**
 * An admin releases a reserved old slug (a tool's keep theirs after it is deleted, see
 * deleteTool): it stops redirecting and a new record may take it. False when no record had it.
 */
export async function releaseSlug(db: Db, kind: SlugKind, slug: string): Promise<boolean> {
  const result = await db.$client.execute({
    sql: "DELETE FROM slug_redirects WHERE kind = ? AND old_slug = ?",
    args: [kind, slug],
  });
  return result.rowsAffected > 0;
}

/** A deleted record's old slugs lead nowhere: they go with it (not a tool's: see deleteTool). */
export async function dropSlugRedirects(db: Db, kind: SlugKind, id: number): Promise<void> {
  await db.$client.execute({ sql: "DELETE FROM slug_redirects WHERE kind = ? AND target_id = ?", args: [kind, id] });
}

/**
 * The current slug of the record that used to have `slug`, or null: when no record of `kind`
 * had it, when a live record holds it now (the live record wins), or when the record has no
 * public page (a draft article, a pending or rejected tool). With `anyStatus`, a record without
 * a public page counts too: for a caller that then checks who may see it.
 */
export async function currentSlug(
  db: Db,
  kind: SlugKind,
  slug: string,
  { anyStatus = false }: { anyStatus?: boolean } = {},
): Promise<string | null> {
  const { table, visible } = LIVE[kind];
  const result = await db.$client.execute({
    sql: `SELECT x.slug FROM slug_redirects r JOIN ${table} x ON x.id = r.target_id
           WHERE r.kind = ? AND r.old_slug = ? AND ${anyStatus ? "1" : visible}
             AND NOT EXISTS (SELECT 1 FROM ${table} y WHERE y.slug = r.old_slug)`,
    args: [kind, slug],
  });
  const found = result.rows[0];
  return found ? String(found.slug) : null;
}

/** The old slugs leading to a record, newest first. */
export async function oldSlugs(db: Db, kind: SlugKind, id: number): Promise<string[]> {
  const result = await db.$client.execute({
    sql: "SELECT old_slug FROM slug_redirects WHERE kind = ? AND target_id = ? ORDER BY rowid DESC",
    args: [kind, id],
  });
  return result.rows.map((r) => String(r.old_slug));
}
