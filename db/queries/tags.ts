import type { InStatement, InValue } from "@libsql/client";
import { fitsBase, nextSlug, sameName, slugify } from "../../lib/slug";
import { type Db, isUniqueViolation } from "../client";
import { noteReads, readKey } from "../page-reads";
import { containsAny, type ListSpec } from "./admin-list";
import { claimSlugs, dropSlugRedirects, recordSlugChange } from "./slug-redirects";
import { publicToolSql } from "./visibility";

/** A tag as every tool object carries it. */
export type TagRef = { id: number; name: string; slug: string };

/** A tag with how many tools carry it (`GET /api/tags`). */
export type TagSummary = TagRef & { tools_count: number };

/** A tag as the admin and the tag page read it. */
export type TagOut = TagSummary & { description: string; created_at: string; updated_at: string };

export type TagInput = { name: string; description?: string };

/** Why a tag write was refused: the API answers 409 with the message. */
export class TagConflict extends Error {}

/** A tag's published tools (db/queries/visibility.ts): what its count and its page show. */
const PUBLIC_HOLDERS = `tool_tags tt JOIN tools tv ON tv.id = tt.tool_id AND ${publicToolSql("tv")}`;

const SELECT = `g.id, g.slug, g.name, g.description, g.created_at, g.updated_at,
  (SELECT count(*) FROM ${PUBLIC_HOLDERS} WHERE tt.tag_id = g.id) AS tools_count`;

function toTag(r: Record<string, unknown>): TagOut {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    description: String(r.description ?? ""),
    tools_count: Number(r.tools_count ?? 0),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

async function rows(db: Db, sql: string, args: InValue[] = []) {
  return (await db.$client.execute({ sql, args })).rows as unknown as Record<string, unknown>[];
}

/** Every tag with its tool count, by name (the public list and the site's chips). */
export async function listTags(db: Db): Promise<TagSummary[]> {
  const found = await rows(
    db,
    `SELECT g.id, g.name, g.slug, (SELECT count(*) FROM ${PUBLIC_HOLDERS} WHERE tt.tag_id = g.id) AS tools_count
     FROM tags g ORDER BY g.name COLLATE NOCASE, g.id`,
  );
  noteReads([readKey.tags]);
  return found.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    slug: String(r.slug),
    tools_count: Number(r.tools_count),
  }));
}

/** Tags that have a page: those carried by at least one tool, with their descriptions. */
export async function tagsWithTools(db: Db, slugs: string[] | null = null): Promise<TagOut[]> {
  const found = await rows(
    db,
    `SELECT ${SELECT} FROM tags g
     WHERE EXISTS (SELECT 1 FROM ${PUBLIC_HOLDERS} WHERE tt.tag_id = g.id)
       ${slugs ? "AND g.slug IN (SELECT value FROM json_each(?))" : ""}
     ORDER BY g.name COLLATE NOCASE, g.id`,
    slugs ? [JSON.stringify(slugs)] : [],
  );
  return found.map(toTag);
}

/** The tags of a category's tools, each with how many of them carry it (a category page's chips). */
export async function tagsInCategory(db: Db, categoryId: number): Promise<TagSummary[]> {
  const found = await rows(
    db,
    `SELECT g.id, g.name, g.slug, count(*) AS tools_count
     FROM tools t JOIN tool_tags tt ON tt.tool_id = t.id JOIN tags g ON g.id = tt.tag_id
     WHERE t.category_id = ? AND ${publicToolSql("t")} GROUP BY g.id ORDER BY g.name COLLATE NOCASE, g.id`,
    [categoryId],
  );
  return found.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    slug: String(r.slug),
    tools_count: Number(r.tools_count),
  }));
}

export async function getTag(db: Db, by: { id: number } | { slug: string }): Promise<TagOut | null> {
  const [where, arg] = "id" in by ? ["g.id = ?", by.id] : ["g.slug = ?", by.slug];
  const [found] = await rows(db, `SELECT ${SELECT} FROM tags g WHERE ${where}`, [arg]);
  return found ? toTag(found) : null;
}

/** Ids among `ids` that name no tag. */
export async function unknownTagIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await rows(db, "SELECT id FROM tags WHERE id IN (SELECT value FROM json_each(?))", [
    JSON.stringify(ids),
  ]);
  const known = new Set(found.map((r) => Number(r.id)));
  return ids.filter((id) => !known.has(id));
}

export { sameName };

/**
 * The tag already named `name` (in any letter case), other than `exceptId`. SQLite's lower() folds
 * ASCII only, so names are compared here, over the whole (small) table.
 */
async function namedLike(db: Db, name: string, exceptId: number | null): Promise<TagRef | null> {
  const found = await rows(db, "SELECT id, name, slug FROM tags WHERE id IS NOT ?", [exceptId]);
  const hit = found.find((r) => sameName(String(r.name), name));
  return hit ? { id: Number(hit.id), name: String(hit.name), slug: String(hit.slug) } : null;
}

/** The slug a tag's name asks for: the tool and article rule (SPEC §5), "tag" when nothing is left. */
export const tagSlugBase = (name: string) => slugify(name) || "tag";

/** `base`, or `base-N` past the largest numeric suffix among `slugs` (see nextSlug). */
export function slugAmong(base: string, slugs: Iterable<string>): string {
  let top: bigint | null = null;
  let taken = false;
  for (const slug of slugs) {
    if (slug === base) taken = true;
    const suffix = slug.startsWith(`${base}-`) ? slug.slice(base.length + 1) : "";
    if (/^[1-9]\d*$/.test(suffix) && (top === null || BigInt(suffix) > top)) top = BigInt(suffix);
  }
  return nextSlug(base, taken, top === null ? null : String(top));
}

/** A slug for `base` free among the tags other than `exceptId`. */
async function freeTagSlug(db: Db, base: string, exceptId: number | null): Promise<string> {
  const found = await rows(db, "SELECT slug FROM tags WHERE (slug = ?1 OR substr(slug, 1, ?2) = ?3) AND id IS NOT ?4", [
    base,
    base.length + 1,
    `${base}-`,
    exceptId,
  ]);
  return slugAmong(
    base,
    found.map((r) => String(r.slug)),
  );
}

const DUPLICATE = (name: string) => new TagConflict(`A tag named '${name}' already exists`);

/** Creates a tag with a unique slug from its name; TagConflict when the name is taken in any case. */
export async function createTag(db: Db, input: TagInput): Promise<TagOut> {
  if (await namedLike(db, input.name, null)) throw DUPLICATE(input.name);
  const slug = await freeTagSlug(db, tagSlugBase(input.name), null);
  const [row] = await rows(db, "INSERT INTO tags (name, slug, description) VALUES (?, ?, ?) RETURNING id", [
    input.name,
    slug,
    input.description ?? "",
  ]).catch(raced(input.name));
  await claimSlugs(db, "tag", [slug]);
  const tag = row && (await getTag(db, { id: Number(row.id) }));
  if (!tag) throw new Error("tag vanished after insert");
  return tag;
}

/** A unique index refusing a write another request made first: the same answer as the check's. */
const raced =
  (name: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error, "tags.") || isUniqueViolation(error, "index 'tags_name_unique'"))
      throw DUPLICATE(name);
    throw error;
  };

/**
 * Updates a tag. A new name renames it: the slug follows the name (a unique one, see
 * tagSlugBase) unless the current slug already fits it. Returns the tag as it was and as it is.
 */
export async function updateTag(
  db: Db,
  id: number,
  input: Partial<TagInput>,
): Promise<{ before: TagOut; after: TagOut } | null> {
  const before = await getTag(db, { id });
  if (!before) return null;
  const name = input.name ?? before.name;
  if (input.name !== undefined && (await namedLike(db, name, id))) throw DUPLICATE(name);
  const base = tagSlugBase(name);
  const slug = fitsBase(before.slug, base) ? before.slug : await freeTagSlug(db, base, id);
  await rows(db, "UPDATE tags SET name = ?, slug = ?, description = ?, updated_at = ? WHERE id = ?", [
    name,
    slug,
    input.description ?? before.description,
    new Date().toISOString(),
    id,
  ]).catch(raced(name));
  // The old address keeps working: /tag/{before.slug} answers 301 to /tag/{slug}.
  await recordSlugChange(db, "tag", id, before.slug, slug);
  const after = await getTag(db, { id });
  return after ? { before, after } : null;
}

export async function deleteTag(db: Db, id: number): Promise<boolean> {
  const deleted = (await db.$client.execute({ sql: "DELETE FROM tags WHERE id = ?", args: [id] })).rowsAffected > 0;
  if (deleted) await dropSlugRedirects(db, "tag", id);
  return deleted;
}

/**
 * Moves every tool of tag `fromId` onto tag `intoId` (a tool carrying both keeps one) and deletes
 * `fromId`, in one transaction. False when either tag does not exist.
 */
export async function mergeTags(db: Db, fromId: number, intoId: number): Promise<boolean> {
  const [from, into] = [await getTag(db, { id: fromId }), await getTag(db, { id: intoId })];
  const [, deleted] = await db.$client.batch(
    [
      {
        sql: `INSERT OR IGNORE INTO tool_tags (tool_id, tag_id)
              SELECT tool_id, ?1 FROM tool_tags WHERE tag_id = ?2 AND EXISTS (SELECT 1 FROM tags WHERE id = ?1)`,
        args: [intoId, fromId],
      },
      {
        sql: "DELETE FROM tags WHERE id = ?2 AND EXISTS (SELECT 1 FROM tags WHERE id = ?1) RETURNING id",
        args: [intoId, fromId],
      },
    ],
    "write",
  );
  const merged = (deleted?.rows.length ?? 0) > 0;
  if (merged && from && into) {
    // The merged tag's addresses, old and current, now lead to the tag it joined.
    await db.$client.execute({
      sql: "UPDATE OR REPLACE slug_redirects SET target_id = ? WHERE kind = 'tag' AND target_id = ?",
      args: [intoId, fromId],
    });
    await recordSlugChange(db, "tag", intoId, from.slug, into.slug);
  }
  return merged;
}

/**
 * Sets a tool's tags to exactly `tagIds` (ids naming no tag are skipped, so a tag deleted
 * meanwhile never fails the write).
 */
function setToolTagsStatements(toolId: number, tagIds: number[]): InStatement[] {
  const ids = JSON.stringify([...new Set(tagIds)]);
  return [
    {
      sql: "DELETE FROM tool_tags WHERE tool_id = ? AND tag_id NOT IN (SELECT value FROM json_each(?))",
      args: [toolId, ids],
    },
    {
      sql: `INSERT OR IGNORE INTO tool_tags (tool_id, tag_id)
            SELECT ?, id FROM tags WHERE id IN (SELECT value FROM json_each(?))`,
      args: [toolId, ids],
    },
  ];
}

export async function setToolTags(db: Db, toolId: number, tagIds: number[]): Promise<void> {
  await db.$client.batch(setToolTagsStatements(toolId, tagIds), "write");
}

/** The admin's Tags list, with each tag's tool count. */
export const tagList: ListSpec<TagOut> = {
  from: "FROM tags g",
  select: SELECT,
  id: "g.id",
  sort: {
    name: "g.name COLLATE NOCASE",
    slug: "g.slug",
    tools_count: "tools_count",
    created_at: "g.created_at",
    updated_at: "g.updated_at",
  },
  filter: { q: containsAny(["g.name", "g.slug", "g.description"]) },
  map: toTag,
};
