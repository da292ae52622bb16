import type { InArgs } from "@libsql/client";
import { and, eq, sql } from "drizzle-orm";
import { renumberFaq } from "../../lib/faq";
import { CATEGORY_PAGE_LIMIT, FEATURED_PLACES } from "../../lib/limits";
import { fitsBase, toolSlugBase } from "../../lib/slug";
import { RATING_PRIOR_REVIEWS, type ToolSort } from "../../lib/sort";
import { similarity } from "../../ranking/name-similarity";
import { FEATURED_MIN_SHARE, SEARCH_FEATURED_PLACES, SEARCH_RANK, searchTiers } from "../../ranking/search-order";
import { trigramQuery } from "../../ranking/trigrams";
import { type Db, isUniqueViolation } from "../client";
import { noteReads, toolReads } from "../page-reads";
import {
  type FaqItem,
  type PricingType,
  type ProsCons,
  type Screenshot,
  type ToolStatus,
  tags as tagsTable,
  tools,
  toolTags,
} from "../schema";
import { containsAny, equals, flag, type ListSpec } from "./admin-list";
import { countStatement, dayOf } from "./analytics";
import { type ListedTool, type Tool, toListedTool, toTool } from "./rows";
import { planSearch } from "./search";
import { claimSlugs, recordSlugChange } from "./slug-redirects";
import { freeSlug, SLUG_ATTEMPTS, SlugConflict } from "./slugs";
import { sameName, setToolTags, slugAmong, tagSlugBase } from "./tags";
import { PRO_NOW } from "./users";
import { isPublicTool, publicToolSql } from "./visibility";

export type ToolFilter = {
  search?: string;
  categoryId?: number | null;
  pricing?: string | null;
  /** Tag slugs: a tool must carry every one of them (a slug no tag has matches nothing). */
  tags?: string[];
  submittedBy?: number | null;
  featured?: boolean;
  /** Only these tools (the incremental renderer's scope). */
  slugs?: string[];
  /** Absent (or "relevance" without a search): the default order, see LISTING_ORDER. */
  sort?: ToolSort;
  /** Only these tools, by id (the tools a page lists). */
  ids?: number[];
  limit: number;
  offset: number;
  adminFields?: boolean;
  /**
   * "public" (the default): published tools only (db/queries/visibility.ts). "any": every status,
   * for a list of the caller's own tools or an admin's.
   */
  visibility?: "public" | "any";
};

/**
 * A tool's tags as one JSON array, read with its row: every list of tools carries them from the
 * same query (one index seek per tool shown), never one query per tool.
 */
const TAGS = `(SELECT json_group_array(json_object('id', g.id, 'name', g.name, 'slug', g.slug)
    ORDER BY g.name COLLATE NOCASE, g.id)
  FROM tool_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.tool_id = t.id) AS tags`;
/**
 * The site's own copies of its logo and screenshots (media/images.ts), read with its row: pages
 * show those, never the original URLs. A screenshot without a copy is left out.
 */
const IMAGE = `json_object('hash', i.hash, 'width', i.width, 'height', i.height, 'color', i.color, 'widths', json(i.widths))`;
const LOGO = `(SELECT ${IMAGE} FROM images i WHERE i.source_url = t.logo_url AND i.hash IS NOT NULL)`;
const MEDIA = `json_object(
  'logo', ${LOGO},
  'screenshots', (SELECT json_group_array(json(x.image)) FROM (
    SELECT json_set(${IMAGE}, '$.alt_text', coalesce(s.value ->> 'alt_text', '')) AS image
    FROM json_each(t.screenshots) s JOIN images i ON i.source_url = s.value ->> 'url' AND i.hash IS NOT NULL
    ORDER BY s.key) x)) AS media`;
const COLUMNS = `t.*, c.name AS category_name, c.slug AS category_slug, ${TAGS}, ${MEDIA}`;
/** A listed tool's columns (rows.ts ListedTool): a third of the time of whole rows to read. */
const LISTED_COLUMNS = `t.id, t.slug, t.name, t.description, t.logo_url, t.website_url, t.category_id, t.pricing_type,
  t.is_featured, t.is_verified, t.saves_count, t.avg_rating, t.review_count,
  c.name AS category_name, c.slug AS category_slug, ${LOGO} AS logo`;
// Every featured tool first (Pro's "priority placement"; SPEC §9: one featured tool per user),
// then the most saved, then the newest; the order matches tools_listing_idx read
// backwards, so the first page needs no sort. Capping the featured places would rank the others,
// Featured badge and all, among the rest (one nobody saved at the very end).
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
  if (f.visibility !== "any") where.push(publicToolSql("t"));
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
  if (f.tags?.length) {
    const slugs = [...new Set(f.tags)];
    where.push(`t.id IN (SELECT tt.tool_id FROM tags g JOIN tool_tags tt ON tt.tag_id = g.id
      WHERE g.slug IN (SELECT value FROM json_each(?)) GROUP BY tt.tool_id HAVING count(*) = ?)`);
    args.push(JSON.stringify(slugs), slugs.length);
  }
  if (f.ids) {
    where.push(`t.id IN (${f.ids.map(() => "?").join(",") || "NULL"})`);
    args.push(...f.ids);
  }
  return { where, args };
}

/** One sort key of a list: what it sorts by, and which way. */
type Key = { sql: string; dir: "ASC" | "DESC"; nocase?: boolean };

/**
 * The Bayesian average of a tool's ratings: its reviews plus RATING_PRIOR_REVIEWS reviews at the
 * site's mean rating (3, the scale's middle, before any review), so few reviews weigh little.
 */
const BAYESIAN_RATING = `(${RATING_PRIOR_REVIEWS} * (SELECT coalesce(avg(rating), 3) FROM reviews)
  + t.avg_rating * t.review_count) / (${RATING_PRIOR_REVIEWS} + t.review_count)`;

const SORT_KEYS: Record<Exclude<ToolSort, "relevance">, Key[]> = {
  newest: [
    { sql: "t.created_at", dir: "DESC" },
    { sql: "t.id", dir: "DESC" },
  ],
  saves: [
    { sql: "t.saves_count", dir: "DESC" },
    { sql: "t.id", dir: "DESC" },
  ],
  rating: [
    { sql: BAYESIAN_RATING, dir: "DESC" },
    { sql: "t.review_count", dir: "DESC" },
    { sql: "t.id", dir: "DESC" },
  ],
  name: [
    { sql: "t.name", dir: "ASC", nocase: true },
    { sql: "t.id", dir: "ASC" },
  ],
};

const orderBy = (keys: Key[], prefix: string) =>
  keys.map((k, i) => `${prefix}k${i}${k.nocase ? " COLLATE NOCASE" : ""} ${k.dir}`).join(", ");

async function rows(db: Db, sql: string, args: InArgs): Promise<Record<string, unknown>[]> {
  const result = await db.$client.execute({ sql, args });
  return result.rows as unknown as Record<string, unknown>[];
}

/**
 * Lists tools with the directory's filters. With `search`, see searchTools; this is its list.
 */
export async function listTools(db: Db, f: ToolFilter): Promise<Tool[]> {
  const { tools } = await searchTools(db, f);
  // A page listing them shows their categories' names.
  noteReads(toolReads(tools));
  return tools;
}

/** A page of tools and, when misspelt words of the search were replaced, the corrected query. */
export type ToolPage = { tools: Tool[]; corrected: string | null };

/**
 * Lists tools with the directory's filters (tags: every one), in the order asked for. Without
 * `sort`: with `search`, plans the text against the index's vocabulary (planSearch: typo
 * correction, stems, synonyms, joined words) and ranks FTS5 matches by bm25 (name weighs most);
 * else every featured tool first, then most saved, then newest (LISTING_ORDER). A search's
 * default order lets at most SEARCH_FEATURED_PLACES featured tools lead, and only as strong
 * matches (tierPage); any other sort ignores featuring. Filters are applied inside
 * the same indexed query. Tools matching every word come first; when none does, the plan's looser passes (the words that match anything, all of them then any of them); when none matches at all, trigram similarity on names, so a misspelt tool name still
 * finds it.
 */
export async function searchTools(db: Db, f: ToolFilter): Promise<ToolPage> {
  const { where, args } = filters(f);
  const plan = f.search ? await planSearch(db, f.search) : null;
  const sort = f.sort && f.sort !== "relevance" ? SORT_KEYS[f.sort] : null;
  const list = (found: Record<string, unknown>[]) => found.map((r) => toTool(r, f.adminFields));
  if (!plan) {
    if (sort) return { tools: list(await ordered(db, "FROM tools t", where, args, sort, f)), corrected: null };
    const sql = `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY ${LISTING_ORDER} LIMIT ? OFFSET ?`;
    return { tools: list(await rows(db, sql, [...args, f.limit, f.offset])), corrected: null };
  }
  const cond = ["tools_fts MATCH ?", ...where];
  const done = (found: Record<string, unknown>[]) => ({ tools: list(found), corrected: plan.corrected });
  // A later page of a list that had matches is empty past its end, never the next fallback's.
  const anyMatch = async (match: string) =>
    (await rows(db, `SELECT 1 FROM ${FTS_JOIN} WHERE ${cond.join(" AND ")} LIMIT 1`, [match, ...args])).length > 0;
  // Every word first (when every word can match), then the plan's looser passes.
  const attempts = [...(plan.all ? [plan.all] : []), ...plan.any];
  if (sort) {
    for (const match of attempts) {
      const found = await ordered(db, `FROM ${FTS_JOIN}`, cond, [match, ...args], sort, f);
      if (found.length > 0 || (f.offset > 0 && (await anyMatch(match)))) return done(found);
    }
    return { tools: await fuzzySearch(db, f, where, args), corrected: null };
  }
  // One list of the plan's passes in order (searchTiers): the phrases asked for, every word,
  // then the best partial matches, each page read across them. Featured tools lead only the
  // first pass that matches, and only as strong answers themselves (tierPage).
  const tiers = searchTiers([plan.phrases && plan.all ? `(${plan.phrases}) AND ${plan.all}` : null, ...attempts]);
  const found: Record<string, unknown>[] = [];
  let skip = f.offset;
  let matched = false;
  for (const match of tiers) {
    const need = f.limit - found.length;
    if (need <= 0) break;
    const part = await rows(db, ranked(tierPage(cond, !matched)), [match, ...args, need, skip]);
    found.push(...part);
    if (part.length > 0) {
      matched = true;
      skip = 0;
    } else if (skip > 0) {
      // This pass ends before the page: how many it held is what the page skips past.
      const [count] = await rows(db, `SELECT count(*) AS n FROM ${FTS_JOIN} WHERE ${cond.join(" AND ")}`, [
        match,
        ...args,
      ]);
      const n = Number(count?.n ?? 0);
      if (n > 0) matched = true;
      skip = Math.max(0, skip - n);
    }
  }
  if (matched) return done(found);
  return { tools: await fuzzySearch(db, f, where, args), corrected: null };
}

/**
 * Ranks one pass of a search (id, featured, rank): by bm25 with the columns' weights. When `lead`,
 * the pass is the answer and at most SEARCH_FEATURED_PLACES featured tools lead it, each only when
 * its score is within FEATURED_MIN_SHARE of the best unfeatured match's (ranking/search-order.ts):
 * paid placement never puts a passing mention above the tools that are about the query.
 */
function tierPage(cond: string[], lead: boolean): string {
  if (!lead) {
    return `SELECT t.id, 0 AS featured, ${SEARCH_RANK} AS rank FROM ${FTS_JOIN}
      WHERE ${cond.join(" AND ")} ORDER BY rank, t.id LIMIT ? OFFSET ?`;
  }
  return `WITH m AS MATERIALIZED (SELECT t.id, t.is_featured AS f, ${SEARCH_RANK} AS rank FROM ${FTS_JOIN}
        WHERE ${cond.join(" AND ")}),
      best AS (SELECT min(rank) AS r FROM m WHERE f = 0),
      lead AS (SELECT id FROM m WHERE f = 1
        AND ((SELECT r FROM best) IS NULL OR rank <= ${FEATURED_MIN_SHARE} * (SELECT r FROM best))
        ORDER BY rank, id LIMIT ${SEARCH_FEATURED_PLACES})
    SELECT id, id IN lead AS featured, rank FROM m ORDER BY featured DESC, rank, id LIMIT ? OFFSET ?`;
}

/**
 * A page of a list in the order of `keys`: sorted by id and keys first, so the sort carries no
 * tool's JSON columns, then whole rows for the page only (as `ranked` does for search).
 */
async function ordered(
  db: Db,
  from: string,
  where: string[],
  args: (string | number)[],
  keys: Key[],
  f: ToolFilter,
): Promise<Record<string, unknown>[]> {
  const inner = `SELECT t.id, ${keys.map((k, i) => `${k.sql} AS k${i}`).join(", ")} ${from}
    ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${orderBy(keys, "")} LIMIT ? OFFSET ?`;
  return rows(
    db,
    `SELECT ${COLUMNS} FROM (${inner}) r JOIN tools t ON t.id = r.id LEFT JOIN categories c ON c.id = t.category_id
      ORDER BY ${orderBy(keys, "r.")}`,
    [...args, f.limit, f.offset],
  );
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
  // Candidates by name only; whole rows are read for the page that is shown. As in `ranked`, the
  // ranking reads tools_search_idx, never a tool row: a common trigram matches thousands of
  // names, and reading each one's row took 2-5x the ranking at 100k tools.
  const candidates = await rows(
    db,
    `SELECT r.id, n.name, r.featured AS is_featured FROM (
        SELECT t.id, t.is_featured AS featured, bm25(tools_trigram) AS rank
        FROM tools_trigram JOIN tools t INDEXED BY tools_search_idx ON t.id = tools_trigram.rowid
        WHERE ${cond} ORDER BY rank LIMIT 200
      ) r JOIN tools n ON n.id = r.id ORDER BY r.rank`,
    [query, ...args],
  );
  const search = f.search ?? "";
  const scored = candidates
    .map((r) => ({ id: Number(r.id), featured: Number(r.is_featured), score: similarity(search, String(r.name)) }))
    .filter((x) => x.score >= 0.4)
    .sort((a, b) => b.score - a.score);
  const sort = f.sort && f.sort !== "relevance" ? SORT_KEYS[f.sort] : null;
  if (sort) {
    const ids = JSON.stringify(scored.map((x) => x.id));
    const found = await ordered(db, "FROM tools t", ["t.id IN (SELECT value FROM json_each(?))"], [ids], sort, f);
    return found.map((r) => toTool(r, f.adminFields));
  }
  const lead = new Set(
    scored
      .filter((x) => x.featured)
      .slice(0, FEATURED_PLACES)
      .map((x) => x.id),
  );
  const page = scored
    .sort((a, b) => Number(lead.has(b.id)) - Number(lead.has(a.id)) || b.score - a.score)
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

/** A tool the public may see (published), or null. */
export async function getPublicTool(db: Db, by: { id: number } | { slug: string }): Promise<Tool | null> {
  const tool = await getTool(db, by);
  return tool && isPublicTool(tool) ? tool : null;
}

/** The tools holding these slugs, whatever their status. */
export async function toolsBySlug(db: Db, slugs: string[]): Promise<Tool[]> {
  const found: Tool[] = [];
  const unique = [...new Set(slugs)];
  for (let i = 0; i < unique.length; i += 500) {
    const slice = unique.slice(i, i + 500);
    const list = await rows(
      db,
      `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
        WHERE t.slug IN (${slice.map(() => "?").join(",")})`,
      slice,
    );
    found.push(...list.map((r) => toTool(r)));
  }
  return found;
}

/** The published tools among `ids`, as pages list them (rows.ts ListedTool), by id. */
export async function listedTools(db: Db, ids: Iterable<number>): Promise<Map<number, ListedTool>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await rows(
    db,
    `SELECT ${LISTED_COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      WHERE t.id IN (SELECT value FROM json_each(?)) AND ${publicToolSql("t")}`,
    [JSON.stringify(unique)],
  );
  return new Map(found.map((r) => [Number(r.id), toListedTool(r)]));
}

/** Every tool of a category, whatever its status: what a change to the category moves. */
export async function toolsOfCategory(db: Db, categoryId: number): Promise<Tool[]> {
  const found = await rows(
    db,
    `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id WHERE t.category_id = ?`,
    [categoryId],
  );
  return found.map((r) => toTool(r));
}

/** A category page's tools: the first CATEGORY_PAGE_LIMIT in the directory's order (SPEC §9). */
export async function toolsByCategory(db: Db, categoryId: number): Promise<Tool[]> {
  return listTools(db, { categoryId, limit: CATEGORY_PAGE_LIMIT, offset: 0 });
}

/** A tag page's tools: the first CATEGORY_PAGE_LIMIT carrying it, in the directory's order. */
export async function toolsByTag(db: Db, slug: string): Promise<Tool[]> {
  return listTools(db, { tags: [slug], limit: CATEGORY_PAGE_LIMIT, offset: 0 });
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
  /** The tool's tags, exactly (absent: left as they are). */
  tag_ids?: number[];
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

/**
 * Creates a tool with a unique slug derived from its name (see toolSlugBase, freeSlug): never
 * one that another tool's old links still use (they stay reserved for it: the new tool gets -2).
 */
export async function createTool(
  db: Db,
  input: ToolInput,
  submittedBy: number | null,
  status: ToolStatus = "published",
): Promise<Tool> {
  const { tag_ids, ...fields } = input;
  const id = await withFreeSlug(db, toolSlugBase(input.name), null, async (slug) => {
    const [row] = await db
      .insert(tools)
      .values({ ...fields, faq: renumber(fields.faq), slug, submitted_by: submittedBy, status })
      .returning({ id: tools.id });
    return row?.id ?? 0;
  });
  if (tag_ids?.length) await setToolTags(db, id, tag_ids);
  const tool = await getTool(db, { id });
  if (!tool) throw new Error("tool vanished after insert");
  return tool;
}

/** An owner's feature refused by the database: the owner is not Pro (any more). */
export class FeatureRefused extends Error {}

export type UpdateOptions = {
  /**
   * The owner features the tool under the Pro rule: it takes the owner's one featured slot, and
   * the write fails with a unique violation on tools.submitted_by when another tool holds it, and
   * with FeatureRefused unless the owner is Pro when it is written.
   */
  ownerFeatures?: boolean;
  /** A moderation change that goes with the edit (a rejected tool resubmitted by its owner). */
  status?: ToolStatus;
};

/** The Verified badge and the link checker's flag speak of one website: a new one starts over. */
export function websiteChange(url: string) {
  const same = sql`${tools.website_url} = ${url}`;
  return {
    is_verified: sql`CASE WHEN ${same} THEN ${tools.is_verified} ELSE 0 END`,
    site_flag: sql`CASE WHEN ${same} THEN ${tools.site_flag} ELSE NULL END`,
  };
}

/**
 * Applies a partial update; a changed name regenerates the slug (SPEC: "auto-generated on save")
 * unless the current slug already fits the new name. The old slug keeps leading to the tool
 * (recordSlugChange).
 */
export async function updateTool(
  db: Db,
  id: number,
  patch: Partial<ToolInput>,
  options: UpdateOptions = {},
): Promise<Tool | null> {
  const { tag_ids, ...fields } = patch;
  const values: Partial<typeof tools.$inferInsert> = { ...fields, updated_at: new Date().toISOString() };
  if (patch.faq) values.faq = renumber(patch.faq);
  if (options.status) {
    values.status = options.status;
    values.rejection_reason = null;
  }
  const ownerFeatures = options.ownerFeatures && patch.is_featured === true;
  if (ownerFeatures) {
    values.owner_featured = true;
    // An owner's feature lasts as long as their Pro period.
    (values as Record<string, unknown>).featured_until =
      sql`(SELECT pro_until FROM users WHERE users.id = ${tools.submitted_by})`;
  }
  // Unfeatured, a tool has no feature to end.
  if (patch.is_featured === false) values.featured_until = null;
  if (patch.website_url !== undefined) Object.assign(values, websiteChange(patch.website_url));
  // An owner's feature is written only while the owner is Pro, checked by the write itself: a
  // cancellation landing after the request read the member cannot leave the tool featured.
  const where = ownerFeatures
    ? and(
        eq(tools.id, id),
        sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${tools.submitted_by} AND ${sql.raw(PRO_NOW("u"))})`,
      )
    : eq(tools.id, id);
  const write = async (slug?: string) => {
    const written = await db
      .update(tools)
      .set(slug ? { ...values, slug } : values)
      .where(where)
      .returning({ id: tools.id });
    if (ownerFeatures && written.length === 0) throw new FeatureRefused();
  };
  const current = patch.name ? await db.select({ slug: tools.slug }).from(tools).where(eq(tools.id, id)).get() : null;
  const base = patch.name ? toolSlugBase(patch.name) : null;
  if (current && base && !fitsBase(current.slug, base)) {
    const renamed = await withFreeSlug(db, base, id, async (slug) => {
      await write(slug);
      return slug;
    });
    await recordSlugChange(db, "tool", id, current.slug, renamed);
  } else await write();
  if (tag_ids) await setToolTags(db, id, tag_ids);
  return getTool(db, { id }, true);
}

/**
 * Deletes a tool. Its old slugs stay reserved (their rows lead to no tool, so they answer 404):
 * nobody else's tool takes over its old links, until an admin releases one (releaseSlug).
 */
export async function deleteTool(db: Db, id: number): Promise<boolean> {
  const result = await db.delete(tools).where(eq(tools.id, id)).returning({ id: tools.id });
  return result.length > 0;
}

function renumber(faq: FaqItem[] | undefined): FaqItem[] | undefined {
  return faq && renumberFaq(faq);
}

/**
 * Counts a visit-website click of a public tool, in the total and in the tool's figures for
 * `day`; false for no such tool (or a hidden one).
 */
export async function trackClick(db: Db, id: number, day = dayOf(new Date())): Promise<boolean> {
  const [result] = await db.$client.batch(
    [
      {
        sql: `UPDATE tools SET affiliate_clicks = affiliate_clicks + 1 WHERE id = ? AND ${publicToolSql("tools")}`,
        args: [id],
      },
      countStatement(id, day, "clicks", true),
    ],
    "write",
  );
  return (result?.rowsAffected ?? 0) > 0;
}

/**
 * Saves or unsaves a tool for a user and returns the tool's new saves count. A change (not a
 * repeat) also counts in the tool's saves or unsaves of `day`.
 */
export async function setSaved(
  db: Db,
  userId: number,
  toolId: number,
  saved: boolean,
  day = dayOf(new Date()),
): Promise<number> {
  const change = saved
    ? { sql: "INSERT INTO saves (user_id, tool_id) VALUES (?, ?) ON CONFLICT DO NOTHING", args: [userId, toolId] }
    : { sql: "DELETE FROM saves WHERE user_id = ? AND tool_id = ?", args: [userId, toolId] };
  const [, , counted] = await db.$client.batch(
    [
      change,
      countStatement(toolId, day, saved ? "saves" : "unsaves", true),
      {
        sql: "UPDATE tools SET saves_count = (SELECT count(*) FROM saves WHERE tool_id = ?) WHERE id = ? RETURNING saves_count",
        args: [toolId, toolId],
      },
    ],
    "write",
  );
  return Number(counted?.rows[0]?.saves_count ?? 0);
}

/** The most saved tools a member's list shows. */
const SAVED_LIST_LIMIT = 500;

/** The published tools a member saved, the newest save first (at most SAVED_LIST_LIMIT). */
export async function savedTools(db: Db, userId: number): Promise<Tool[]> {
  const result = await db.$client.execute({
    sql: "SELECT tool_id FROM saves WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT ?",
    args: [userId, SAVED_LIST_LIMIT],
  });
  const ids = result.rows.map((r) => Number(r.tool_id));
  if (ids.length === 0) return [];
  const found = new Map((await listTools(db, { ids, limit: ids.length, offset: 0 })).map((t) => [t.id, t]));
  return ids.flatMap((id) => found.get(id) ?? []);
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

/**
 * One row of a CSV import. Every field is absent when the file has no column for it: a tool the
 * row updates keeps what it had there (a new tool gets the field's default).
 */
export type ImportRow = {
  slug: string;
  input: Omit<Partial<ToolInput>, "tag_ids" | "category_id" | "pros_cons"> & { name: string };
  line: number;
  /** A category's name or slug, "" for none. */
  category?: string;
  pros?: string[];
  cons?: string[];
  /** Tag names. */
  tags?: string[];
};

/** A row's pros and cons for an update: a list the file has no column for stays as it is. */
function prosConsUpdate({ pros, cons }: ImportRow) {
  if (pros && cons) return { pros, cons };
  if (pros) return sql`json_set(${tools.pros_cons}, '$.pros', json(${JSON.stringify(pros)}))`;
  if (cons) return sql`json_set(${tools.pros_cons}, '$.cons', json(${JSON.stringify(cons)}))`;
  return undefined;
}

/**
 * Imports rows all-or-nothing in one transaction: a row whose slug exists updates that tool, so
 * uploading the same file again changes nothing. Categories are matched by name or slug; tags by
 * name in any letter case, and a tag no tool had yet is created.
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
  const tagRows = await db.$client.execute("SELECT id, name, slug FROM tags");
  const tagsKnown = tagRows.rows.map((r) => ({
    id: Number(r.id) as number | null,
    name: String(r.name),
    slug: String(r.slug),
  }));
  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    const tagId = async (name: string): Promise<number> => {
      let tag = tagsKnown.find((t) => sameName(t.name, name));
      if (!tag) {
        const slug = slugAmong(
          tagSlugBase(name),
          tagsKnown.map((t) => t.slug),
        );
        tag = { id: null, name, slug };
        tagsKnown.push(tag);
      }
      if (tag.id === null) {
        const [row] = await tx
          .insert(tagsTable)
          .values({ name: tag.name, slug: tag.slug })
          .returning({ id: tagsTable.id });
        tag.id = row?.id ?? null;
      }
      if (tag.id === null) throw new Error("tag insert returned nothing");
      return tag.id;
    };
    for (const row of rows) {
      const category_id = row.category === undefined ? undefined : (byKey.get(row.category.toLowerCase()) ?? null);
      const values = { ...row.input, faq: renumber(row.input.faq), category_id, updated_at: new Date().toISOString() };
      const listed = row.pros || row.cons ? { pros: row.pros ?? [], cons: row.cons ?? [] } : undefined;
      const [written] = await tx
        .insert(tools)
        .values({ ...values, pros_cons: listed, slug: row.slug, submitted_by: submittedBy })
        .onConflictDoUpdate({
          target: tools.slug,
          set: {
            ...values,
            pros_cons: prosConsUpdate(row),
            ...(row.input.website_url !== undefined && websiteChange(row.input.website_url)),
          },
        })
        .returning({ id: tools.id });
      if (known.has(row.slug)) updated++;
      else created++;
      if (!row.tags || !written) continue;
      const ids: number[] = [];
      for (const name of row.tags) ids.push(await tagId(name));
      await tx.delete(toolTags).where(eq(toolTags.tool_id, written.id));
      if (ids.length)
        await tx
          .insert(toolTags)
          .values(ids.map((tag_id) => ({ tool_id: written.id, tag_id })))
          .onConflictDoNothing();
    }
  });
  // A row updates the tool holding its slug and never renames one; a new tool may take a slug
  // that used to lead to a renamed tool.
  await claimSlugs(
    db,
    "tool",
    rows.filter((r) => !known.has(r.slug)).map((r) => r.slug),
  );
  return { created, updated };
}

export class ImportError extends Error {}

/**
 * The newest `limit` tools, of one category or (null) of the whole directory: newest first by
 * when they were added, then by id.
 */
export async function newestTools(db: Db, categoryId: number | null, limit: number): Promise<Tool[]> {
  const [where, args] = categoryId == null ? ["", []] : [" AND t.category_id = ?", [categoryId]];
  const found = await rows(
    db,
    `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      WHERE ${publicToolSql("t")}${where} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`,
    [...args, limit],
  );
  const tools = found.map((r) => toTool(r));
  noteReads(toolReads(tools));
  return tools;
}

/** The admin's Tools list: every tool with its admin fields. */
export const toolList: ListSpec<Tool> = {
  from: "FROM tools t LEFT JOIN categories c ON c.id = t.category_id",
  // Open reports read through reports_tool_idx: a count per row of the page only.
  select: `${COLUMNS}, (SELECT count(*) FROM reports r WHERE r.tool_id = t.id AND r.status = 'open') AS open_reports`,
  id: "t.id",
  sort: {
    name: "t.name COLLATE NOCASE",
    slug: "t.slug",
    category_id: "t.category_id",
    category_name: "c.name COLLATE NOCASE",
    pricing_type: "t.pricing_type",
    is_featured: "t.is_featured",
    status: "t.status",
    site_flag: "t.site_flag",
    open_reports: "open_reports",
    saves_count: "t.saves_count",
    affiliate_clicks: "t.affiliate_clicks",
    avg_rating: "t.avg_rating",
    review_count: "t.review_count",
    created_at: "t.created_at",
    updated_at: "t.updated_at",
    // The moderation queue: paid-for reviews first (earliest payment first), then by submission.
    review_priority: "t.review_priority_at IS NULL, t.review_priority_at, t.created_at",
  },
  filter: {
    q: containsAny(["t.name", "t.slug", "t.website_url"]),
    category_id: equals("t.category_id"),
    pricing_type: equals("t.pricing_type"),
    is_featured: flag("t.is_featured"),
    status: equals("t.status"),
    is_verified: flag("t.is_verified"),
    site_flag: equals("t.site_flag"),
    submitted_by: equals("t.submitted_by"),
  },
  map: (row) => ({ ...toTool(row, true), open_reports: Number(row.open_reports ?? 0) }),
};
