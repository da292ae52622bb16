import type { InArgs } from "@libsql/client";
import { eq } from "drizzle-orm";
import { renumberFaq } from "../../lib/faq";
import { CATEGORY_PAGE_LIMIT } from "../../lib/limits";
import { fitsBase, toolSlugBase } from "../../lib/slug";
import { type Db, isUniqueViolation } from "../client";
import { type FaqItem, type PricingType, type ProsCons, type Screenshot, tools } from "../schema";
import { containsAny, equals, flag, type ListSpec } from "./admin-list";
import { type Tool, toTool } from "./rows";
import { planSearch, similarity, trigramQuery } from "./search";
import { freeSlug, SLUG_ATTEMPTS, SlugConflict } from "./slugs";

export type ToolFilter = {
  search?: string;
  categoryId?: number | null;
  pricing?: string | null;
  submittedBy?: number | null;
  featured?: boolean;
  /** Only these tools (the incremental renderer's scope). */
  slugs?: string[];
  /** Only these tools, by id (the tools a page lists). */
  ids?: number[];
  limit: number;
  offset: number;
  adminFields?: boolean;
};

const COLUMNS = `t.*, c.name AS category_name, c.slug AS category_slug`;
// Featured tools first ("priority placement"), then the most saved, then the newest; the order
// matches tools_listing_idx read backwards, so the first page needs no sort.
const LISTING_ORDER = `t.is_featured DESC, t.saves_count DESC, t.id DESC`;

/**
 * Full-text matches joined to what ranking and filters read of each tool. The index is named:
 * without fresh statistics the planner reads every matching row from the table instead, and a
 * common word matches tens of thousands (3x slower at 100k tools).
 */
const FTS_JOIN = "tools_fts JOIN tools t INDEXED BY tools_search_idx ON t.id = tools_fts.rowid";

function filters(f: ToolFilter): { where: string[]; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  if (f.categoryId != null) {
    where.push("t.category_id = ?");
    args.push(f.categoryId);
  }
  if (f.pricing) {
    where.push("t.pricing_type = ?");
    args.push(f.pricing);
  }
  if (f.submittedBy != null) {
    where.push("t.submitted_by = ?");
    args.push(f.submittedBy);
  }
  if (f.featured != null) {
    where.push("t.is_featured = ?");
    args.push(f.featured ? 1 : 0);
  }
  if (f.slugs) {
    where.push(`t.slug IN (${f.slugs.map(() => "?").join(",") || "NULL"})`);
    args.push(...f.slugs);
  }
  if (f.ids) {
    where.push(`t.id IN (${f.ids.map(() => "?").join(",") || "NULL"})`);
    args.push(...f.ids);
  }
  return { where, args };
}

async function rows(db: Db, sql: string, args: InArgs): Promise<Record<string, unknown>[]> {
  const result = await db.$client.execute({ sql, args });
  return result.rows as unknown as Record<string, unknown>[];
}

/**
 * Lists tools with the directory's filters. With `search`, see searchTools; this is its list.
 */
export async function listTools(db: Db, f: ToolFilter): Promise<Tool[]> {
  return (await searchTools(db, f)).tools;
}

/** A page of tools and, when misspelt words of the search were replaced, the corrected query. */
export type ToolPage = { tools: Tool[]; corrected: string | null };

/**
 * Lists tools with the directory's filters. With `search`, plans the text against the index's
 * vocabulary (planSearch: typo correction, stems, synonyms, joined words) and ranks FTS5 matches
 * by bm25 (name weighs most) after featured tools; filters are applied inside the same indexed
 * query. Tools matching every word come first; when none does, tools matching any word; when
 * none matches at all, trigram similarity on names, so a misspelt tool name still finds it.
 */
export async function searchTools(db: Db, f: ToolFilter): Promise<ToolPage> {
  const { where, args } = filters(f);
  const plan = f.search ? await planSearch(db, f.search) : null;
  if (!plan) {
    const sql = `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY ${LISTING_ORDER} LIMIT ? OFFSET ?`;
    const tools = (await rows(db, sql, [...args, f.limit, f.offset])).map((r) => toTool(r, f.adminFields));
    return { tools, corrected: null };
  }
  const cond = ["tools_fts MATCH ?", ...where].join(" AND ");
  // A tool matching every word is an answer, and featured ones come first (the Pro plan's
  // priority placement); a tool matching one word of a loose query is a guess, ranked on merit.
  const page = async (match: string, featuredFirst: boolean) =>
    rows(
      db,
      ranked(
        `SELECT t.id, ${featuredFirst ? "t.is_featured" : "0"} AS featured, bm25(tools_fts, 10.0, 1.0, 3.0) AS rank
          FROM ${FTS_JOIN}
          WHERE ${cond} ORDER BY featured DESC, rank, t.id LIMIT ? OFFSET ?`,
      ),
      [match, ...args, f.limit, f.offset],
    );
  // A later page of a list that had matches is empty past its end, never the next fallback's.
  const anyMatch = async (match: string) =>
    (await rows(db, `SELECT 1 FROM ${FTS_JOIN} WHERE ${cond} LIMIT 1`, [match, ...args])).length > 0;
  const done = (found: Record<string, unknown>[]) => ({
    tools: found.map((r) => toTool(r, f.adminFields)),
    corrected: plan.corrected,
  });
  let found = await page(plan.all, true);
  if (found.length > 0 || (f.offset > 0 && (await anyMatch(plan.all)))) return done(found);
  if (plan.any !== plan.all) {
    found = await page(plan.any, false);
    if (found.length > 0 || (f.offset > 0 && (await anyMatch(plan.any)))) return done(found);
  }
  return { tools: await fuzzySearch(db, f, where, args), corrected: null };
}

/**
 * Ranks in `inner` (id, featured, rank) first and reads whole rows for the page only: a common
 * word matches tens of thousands of tools, and carrying every matching row's JSON columns
 * through the sort cost more than the ranking itself. The filters and the featured flag come
 * from tools_search_idx (see FTS_JOIN), so ranking never reads a tool row at all.
 */
const ranked = (inner: string) =>
  `SELECT ${COLUMNS} FROM (${inner}) r JOIN tools t ON t.id = r.id LEFT JOIN categories c ON c.id = t.category_id
    ORDER BY r.featured DESC, r.rank, r.id`;

async function fuzzySearch(db: Db, f: ToolFilter, where: string[], args: (string | number)[]): Promise<Tool[]> {
  const query = f.search ? trigramQuery(f.search) : null;
  if (!query) return [];
  const cond = ["tools_trigram MATCH ?", ...where].join(" AND ");
  // Candidates by name only; whole rows are read for the page that is shown.
  const candidates = await rows(
    db,
    `SELECT t.id, t.name, t.is_featured FROM tools_trigram JOIN tools t ON t.id = tools_trigram.rowid
      WHERE ${cond} ORDER BY bm25(tools_trigram) LIMIT 200`,
    [query, ...args],
  );
  const search = f.search ?? "";
  const page = candidates
    .map((r) => ({ id: Number(r.id), featured: Number(r.is_featured), score: similarity(search, String(r.name)) }))
    .filter((x) => x.score >= 0.4)
    .sort((a, b) => b.featured - a.featured || b.score - a.score)
    .slice(f.offset, f.offset + f.limit)
    .map((x) => x.id);
  if (page.length === 0) return [];
  const found = await rows(
    db,
    `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      WHERE t.id IN (${page.map(() => "?").join(",")})`,
    page,
  );
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return page.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toTool(row, f.adminFields)] : [];
  });
}

export async function getTool(
  db: Db,
  by: { id: number } | { slug: string },
  adminFields = false,
): Promise<Tool | null> {
  const [sql, arg] = "id" in by ? ["t.id = ?", by.id] : ["t.slug = ?", by.slug];
  const found = await rows(
    db,
    `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id WHERE ${sql}`,
    [arg],
  );
  return found[0] ? toTool(found[0], adminFields) : null;
}

/** Every tool of a category (build time), featured first. */
/** A category page's tools: the first CATEGORY_PAGE_LIMIT in the directory's order (SPEC §9). */
export async function toolsByCategory(db: Db, categoryId: number): Promise<Tool[]> {
  return listTools(db, { categoryId, limit: CATEGORY_PAGE_LIMIT, offset: 0 });
}

export type ToolInput = {
  name: string;
  description?: string;
  website_url?: string;
  logo_url?: string;
  affiliate_link?: string;
  video_url?: string;
  screenshots?: Screenshot[];
  pros_cons?: ProsCons;
  faq?: FaqItem[];
  category_id?: number | null;
  pricing_type?: PricingType;
  is_featured?: boolean;
};

/**
 * Runs `write` with a free slug for `base`, asking again when another process claims the same
 * slug first (the unique index refuses the write); SlugConflict after SLUG_ATTEMPTS losses.
 */
async function withFreeSlug<T>(
  db: Db,
  base: string,
  exceptId: number | null,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await freeSlug(db, "tools", base, exceptId);
    try {
      return await write(slug);
    } catch (error) {
      if (!isUniqueViolation(error, "tools.slug")) throw error;
      if (attempt >= SLUG_ATTEMPTS) throw new SlugConflict(base);
    }
  }
}

/** Creates a tool with a unique slug derived from its name (see toolSlugBase, freeSlug). */
export async function createTool(db: Db, input: ToolInput, submittedBy: number | null): Promise<Tool> {
  const id = await withFreeSlug(db, toolSlugBase(input.name), null, async (slug) => {
    const [row] = await db
      .insert(tools)
      .values({ ...input, faq: renumber(input.faq), slug, submitted_by: submittedBy })
      .returning({ id: tools.id });
    return row?.id ?? 0;
  });
  const tool = await getTool(db, { id });
  if (!tool) throw new Error("tool vanished after insert");
  return tool;
}

export type UpdateOptions = {
  /**
   * The owner features the tool under the Pro rule: it takes the owner's one featured slot, and
   * the write fails with a unique violation on tools.submitted_by when another tool holds it.
   */
  ownerFeatures?: boolean;
};

/**
 * Applies a partial update; a changed name regenerates the slug (SPEC: "auto-generated on save")
 * unless the current slug already fits the new name.
 */
export async function updateTool(
  db: Db,
  id: number,
  patch: Partial<ToolInput>,
  options: UpdateOptions = {},
): Promise<Tool | null> {
  const values: Partial<typeof tools.$inferInsert> = { ...patch, updated_at: new Date().toISOString() };
  if (patch.faq) values.faq = renumber(patch.faq);
  if (options.ownerFeatures && patch.is_featured === true) values.owner_featured = true;
  const write = (slug?: string) =>
    db
      .update(tools)
      .set(slug ? { ...values, slug } : values)
      .where(eq(tools.id, id));
  const current = patch.name ? await db.select({ slug: tools.slug }).from(tools).where(eq(tools.id, id)).get() : null;
  const base = patch.name ? toolSlugBase(patch.name) : null;
  if (current && base && !fitsBase(current.slug, base)) await withFreeSlug(db, base, id, write);
  else await write();
  return getTool(db, { id }, true);
}

export async function deleteTool(db: Db, id: number): Promise<boolean> {
  const result = await db.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id });
  return result.length > 0;
}

function renumber(faq: FaqItem[] | undefined): FaqItem[] | undefined {
  return faq && renumberFaq(faq);
}

export async function trackClick(db: Db, id: number): Promise<boolean> {
  const result = await db.$client.execute({
    sql: "UPDATE tools SET affiliate_clicks = affiliate_clicks + 1 WHERE id = ?",
    args: [id],
  });
  return result.rowsAffected > 0;
}

/** Saves or unsaves a tool for a user and returns the tool's new saves count. */
export async function setSaved(db: Db, userId: number, toolId: number, saved: boolean): Promise<number> {
  const change = saved
    ? { sql: "INSERT INTO saves (user_id, tool_id) VALUES (?, ?) ON CONFLICT DO NOTHING", args: [userId, toolId] }
    : { sql: "DELETE FROM saves WHERE user_id = ? AND tool_id = ?", args: [userId, toolId] };
  const [, counted] = await db.$client.batch(
    [
      change,
      {
        sql: "UPDATE tools SET saves_count = (SELECT count(*) FROM saves WHERE tool_id = ?) WHERE id = ? RETURNING saves_count",
        args: [toolId, toolId],
      },
    ],
    "write",
  );
  return Number(counted?.rows[0]?.saves_count ?? 0);
}

export async function isSaved(db: Db, userId: number, toolId: number): Promise<boolean> {
  const result = await db.$client.execute({
    sql: "SELECT 1 FROM saves WHERE user_id = ? AND tool_id = ?",
    args: [userId, toolId],
  });
  return result.rows.length > 0;
}

/** The user's featured tool ids other than `exceptId`. */
export async function featuredToolsOf(db: Db, userId: number, exceptId?: number): Promise<number[]> {
  const result = await db.$client.execute({
    sql: "SELECT id FROM tools WHERE submitted_by = ? AND is_featured = 1 AND id != ?",
    args: [userId, exceptId ?? -1],
  });
  return result.rows.map((r) => Number(r.id));
}

export type ImportRow = { slug: string; category: string; input: ToolInput; line: number };

/**
 * Imports rows all-or-nothing in one transaction: a row whose slug exists updates that tool, so
 * uploading the same file again changes nothing. Categories are matched by name or slug.
 */
export async function importTools(
  db: Db,
  rows: ImportRow[],
  submittedBy: number,
): Promise<{ created: number; updated: number }> {
  const cats = await db.$client.execute("SELECT id, name, slug FROM categories");
  const byKey = new Map<string, number>();
  for (const c of cats.rows) {
    byKey.set(String(c.name).toLowerCase(), Number(c.id));
    byKey.set(String(c.slug).toLowerCase(), Number(c.id));
  }
  const unknown = rows.filter((r) => r.category && !byKey.has(r.category.toLowerCase()));
  if (unknown.length > 0) {
    const lines = unknown.slice(0, 20).map((r) => `Row ${r.line}: unknown category '${r.category}'`);
    throw new ImportError(`${unknown.length} row(s) have errors, nothing was imported. ${lines.join(" | ")}`);
  }
  const existing = await db.$client.execute("SELECT slug FROM tools");
  const known = new Set(existing.rows.map((r) => String(r.slug)));
  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const row of rows) {
      const category_id = row.category ? (byKey.get(row.category.toLowerCase()) ?? null) : null;
      const values = { ...row.input, faq: renumber(row.input.faq), category_id, updated_at: new Date().toISOString() };
      await tx
        .insert(tools)
        .values({ ...values, slug: row.slug, submitted_by: submittedBy })
        .onConflictDoUpdate({ target: tools.slug, set: values });
      if (known.has(row.slug)) updated++;
      else created++;
    }
  });
  return { created, updated };
}

export class ImportError extends Error {}

/** The admin's Tools list: every tool with its admin fields. */
export const toolList: ListSpec<Tool> = {
  from: "FROM tools t LEFT JOIN categories c ON c.id = t.category_id",
  select: COLUMNS,
  id: "t.id",
  sort: {
    name: "t.name COLLATE NOCASE",
    slug: "t.slug",
    category_id: "t.category_id",
    category_name: "c.name COLLATE NOCASE",
    pricing_type: "t.pricing_type",
    is_featured: "t.is_featured",
    saves_count: "t.saves_count",
    affiliate_clicks: "t.affiliate_clicks",
    avg_rating: "t.avg_rating",
    review_count: "t.review_count",
    created_at: "t.created_at",
    updated_at: "t.updated_at",
  },
  filter: {
    q: containsAny(["t.name", "t.slug", "t.website_url"]),
    category_id: equals("t.category_id"),
    pricing_type: equals("t.pricing_type"),
    is_featured: flag("t.is_featured"),
    submitted_by: equals("t.submitted_by"),
  },
  map: (row) => toTool(row, true),
};
