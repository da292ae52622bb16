import { eq } from "drizzle-orm";
import { compareKey } from "../../lib/alternatives";
import { MAX_SLUG_LENGTH } from "../../lib/slug";
import type { Db } from "../client";
import { type Comparison, comparisons } from "../schema";
import { containsAny, equals, type ListSpec } from "./admin-list";
import { publicToolSql } from "./visibility";

/**
 * Comparison pages made without an admin: each of the POPULAR_TOOLS most-saved tools (saved at
 * least once) against its first AUTO_PAIRS_PER_TOOL alternatives, so there are at most
 * POPULAR_TOOLS x AUTO_PAIRS_PER_TOOL of them whatever the size of the directory.
 */
const POPULAR_TOOLS = 100;
const AUTO_PAIRS_PER_TOOL = 2;

/** A comparison as the admin lists it: the pair, the verdicts, both tools' names and its page. */
export type ComparisonRow = Comparison & {
  tool_a_name: string;
  tool_a_slug: string;
  tool_b_name: string;
  tool_b_slug: string;
  path: string;
};

export type ComparisonInput = { tool_a_id: number; tool_b_id: number; verdict_a: string; verdict_b: string };

/** The pair stored smaller id first, each verdict staying with its tool. */
function inOrder(input: ComparisonInput): ComparisonInput {
  if (input.tool_a_id < input.tool_b_id) return input;
  return {
    tool_a_id: input.tool_b_id,
    tool_b_id: input.tool_a_id,
    verdict_a: input.verdict_b,
    verdict_b: input.verdict_a,
  };
}

const SELECT = `SELECT k.*, a.name AS tool_a_name, a.slug AS tool_a_slug, b.name AS tool_b_name, b.slug AS tool_b_slug`;
const FROM = "FROM comparisons k JOIN tools a ON a.id = k.tool_a_id JOIN tools b ON b.id = k.tool_b_id";

function toRow(r: Record<string, unknown>): ComparisonRow {
  const slugA = String(r.tool_a_slug);
  const slugB = String(r.tool_b_slug);
  return {
    id: Number(r.id),
    tool_a_id: Number(r.tool_a_id),
    tool_b_id: Number(r.tool_b_id),
    verdict_a: String(r.verdict_a ?? ""),
    verdict_b: String(r.verdict_b ?? ""),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
    tool_a_name: String(r.tool_a_name),
    tool_a_slug: slugA,
    tool_b_name: String(r.tool_b_name),
    tool_b_slug: slugB,
    path: `/compare/${compareKey(slugA, slugB)}`,
  };
}

export async function getComparison(db: Db, id: number): Promise<ComparisonRow | null> {
  const result = await db.$client.execute({ sql: `${SELECT} ${FROM} WHERE k.id = ?`, args: [id] });
  const row = result.rows[0];
  return row ? toRow(row as unknown as Record<string, unknown>) : null;
}

/** Adds a pair (any order); a pair stored already fails the unique index comparisons.tool_a_id. */
export async function createComparison(db: Db, input: ComparisonInput): Promise<ComparisonRow> {
  const [row] = await db.insert(comparisons).values(inOrder(input)).returning({ id: comparisons.id });
  const created = row && (await getComparison(db, row.id));
  if (!created) throw new Error("comparison insert returned nothing");
  return created;
}

export async function updateComparison(db: Db, id: number, input: ComparisonInput): Promise<ComparisonRow | null> {
  await db
    .update(comparisons)
    .set({ ...inOrder(input), updated_at: new Date().toISOString() })
    .where(eq(comparisons.id, id));
  return getComparison(db, id);
}

export async function deleteComparison(db: Db, id: number): Promise<boolean> {
  return (await db.delete(comparisons).where(eq(comparisons.id, id)).returning({ id: comparisons.id })).length > 0;
}

/** The admin's Comparisons list, searchable by either tool's name. */
export const comparisonList: ListSpec<ComparisonRow> = {
  from: FROM,
  select: SELECT.slice("SELECT ".length),
  id: "k.id",
  sort: {
    tool_a_name: "a.name COLLATE NOCASE",
    tool_b_name: "b.name COLLATE NOCASE",
    created_at: "k.created_at",
    updated_at: "k.updated_at",
  },
  filter: {
    q: containsAny(["a.name", "b.name", "a.slug", "b.slug"]),
    tool_a_id: equals("k.tool_a_id"),
    tool_b_id: equals("k.tool_b_id"),
  },
  map: toRow,
};

/** Every admin-picked pair with its verdicts (smaller id first). */
export async function adminPairs(db: Db): Promise<Comparison[]> {
  return db.select().from(comparisons).orderBy(comparisons.tool_a_id, comparisons.tool_b_id).all();
}

/** The most-saved tools, most saved first: the tools that get comparison pages of their own. */
export async function popularTools(db: Db): Promise<number[]> {
  const result = await db.$client.execute({
    sql: `SELECT id FROM tools t WHERE saves_count > 0 AND ${publicToolSql("t")} ORDER BY saves_count DESC, id LIMIT ?`,
    args: [POPULAR_TOOLS],
  });
  return result.rows.map((r) => Number(r.id));
}

/** One comparison page: its key (`{a}-vs-{b}`, slugs in alphabetical order) and the two tools in that order. */
export type ComparePage = { key: string; a: number; b: number; admin: boolean };

/**
 * Every comparison page: the admin's pairs, then each popular tool against its first
 * AUTO_PAIRS_PER_TOOL alternatives (`listOf`), once per pair, ordered by key. Two pairs whose
 * slugs join into the same key (slugs may hold `-vs-`) get one page: the first in that order. A
 * pair whose key is longer than a slug may be gets none.
 */
export function comparePages(
  slugOf: (id: number) => string | undefined,
  admin: { tool_a_id: number; tool_b_id: number }[],
  popular: number[],
  listOf: (id: number) => readonly number[],
): ComparePage[] {
  const pairs: [number, number, boolean][] = admin.map((p) => [p.tool_a_id, p.tool_b_id, true]);
  const auto: [number, number, boolean][] = [];
  for (const id of popular) {
    for (const other of listOf(id).slice(0, AUTO_PAIRS_PER_TOOL))
      auto.push([Math.min(id, other), Math.max(id, other), false]);
  }
  auto.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const pages = new Map<string, ComparePage>();
  const pairKeys = new Set<string>();
  for (const [first, second, byAdmin] of [...pairs, ...auto]) {
    const pair = `${first}:${second}`;
    if (pairKeys.has(pair)) continue;
    const slugFirst = slugOf(first);
    const slugSecond = slugOf(second);
    if (slugFirst === undefined || slugSecond === undefined) continue;
    const key = compareKey(slugFirst, slugSecond);
    // A page's folder name must fit the file system (255 bytes): two long slugs get no page.
    if (pages.has(key) || key.length > MAX_SLUG_LENGTH) continue;
    pairKeys.add(pair);
    const [a, b] = slugFirst < slugSecond ? [first, second] : [second, first];
    pages.set(key, { key, a, b, admin: byAdmin });
  }
  return [...pages.values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
}
