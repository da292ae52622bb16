import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { noteReads, readKey } from "../page-reads";
import { publicToolSql } from "./visibility";

export type Deal = {
  id: number;
  tool_id: number;
  tool_name: string;
  tool_slug: string;
  code: string | null;
  url: string | null;
  description: string;
  ends_at: string;
  created_at: string;
  updated_at: string;
};

/** What a deal is made of: a code or a link (never both), a description and when it ends. */
export type DealInput = { code: string | null; url: string | null; description: string; ends_at: string };

const COLUMNS = `d.id, d.tool_id, t.name AS tool_name, t.slug AS tool_slug, d.code, d.url, d.description,
  d.ends_at, d.created_at, d.updated_at`;

function toDeal(r: Record<string, unknown>): Deal {
  return {
    id: Number(r.id),
    tool_id: Number(r.tool_id),
    tool_name: String(r.tool_name ?? ""),
    tool_slug: String(r.tool_slug ?? ""),
    code: r.code == null ? null : String(r.code),
    url: r.url == null ? null : String(r.url),
    description: String(r.description),
    ends_at: String(r.ends_at),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

async function select(db: Db, where: ReturnType<typeof sql>): Promise<Deal[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT ${sql.raw(COLUMNS)} FROM deals d JOIN tools t ON t.id = d.tool_id WHERE ${where} ORDER BY d.ends_at, d.id`,
  );
  return rows.map(toDeal);
}

/** Every deal, for the admin (an expired one stays until the expiry job's next pass). */
export const listDeals = (db: Db) => select(db, sql`1`);

export async function getDeal(db: Db, id: number): Promise<Deal | null> {
  return (await select(db, sql`d.id = ${id}`))[0] ?? null;
}

export async function getToolDeal(db: Db, toolId: number): Promise<Deal | null> {
  return (await select(db, sql`d.tool_id = ${toolId}`))[0] ?? null;
}

/** The deals of listed tools, soonest ending first: the /deals page and its feed; or one tool's. */
export async function liveDeals(db: Db, toolId?: number): Promise<Deal[]> {
  noteReads([readKey.deals]);
  const listed = sql.raw(publicToolSql("t"));
  return select(db, toolId === undefined ? listed : sql`${listed} AND d.tool_id = ${toolId}`);
}

/**
 * The deals of these tools by tool id. A page showing the tools (their cards, a tool page) reads
 * through here, so adding, changing or ending any of their deals re-renders it, and nothing else.
 */
export async function dealsOf(db: Db, toolIds: number[]): Promise<Map<number, Deal>> {
  noteReads(toolIds.map(readKey.deal));
  if (toolIds.length === 0) return new Map();
  const found = await select(db, sql`d.tool_id IN (${sql.join(toolIds, sql`, `)})`);
  return new Map(found.map((d) => [d.tool_id, d]));
}

/** Sets a tool's deal (replacing the one it has). */
export async function saveToolDeal(db: Db, toolId: number, input: DealInput, userId: number | null): Promise<Deal> {
  await db.run(
    sql`INSERT INTO deals (tool_id, code, url, description, ends_at, created_by)
        VALUES (${toolId}, ${input.code}, ${input.url}, ${input.description}, ${input.ends_at}, ${userId})
        ON CONFLICT (tool_id) DO UPDATE SET code = excluded.code, url = excluded.url,
          description = excluded.description, ends_at = excluded.ends_at,
          updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  );
  return (await getToolDeal(db, toolId)) as Deal;
}

/** Deletes a deal; resolves its tool's id, or null when there was none. */
export async function deleteDeal(db: Db, by: { id: number } | { tool_id: number }): Promise<number | null> {
  const where = "id" in by ? sql`id = ${by.id}` : sql`tool_id = ${by.tool_id}`;
  const rows = await db.all<{ tool_id: number }>(sql`DELETE FROM deals WHERE ${where} RETURNING tool_id`);
  return rows[0] ? Number(rows[0].tool_id) : null;
}

/** Deletes the deals ended by `now`; resolves their tools' ids. */
export async function expireDeals(db: Db, now: Date): Promise<number[]> {
  const rows = await db.all<{ tool_id: number }>(
    sql`DELETE FROM deals WHERE ends_at <= ${now.toISOString()} RETURNING tool_id`,
  );
  return rows.map((r) => Number(r.tool_id));
}
