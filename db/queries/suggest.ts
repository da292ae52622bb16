import type { Db } from "../client";
import { publicToolSql } from "./visibility";

/** How many suggestions of each kind the search box shows. */
const SUGGESTED = 5;

export type Suggestions = {
  tools: { name: string; slug: string }[];
  categories: { name: string; slug: string }[];
  tags: { name: string; slug: string }[];
};

// Sorts after every letter, so [q, q + END) is every name that starts with q.
const END = "\u{10FFFF}";

/**
 * What the search box suggests as a visitor types `prefix`: published tools whose name starts
 * with it (one range of tools_name_prefix_idx, in name order), and categories and tags whose name
 * starts with it or has a word that does. Three indexed reads with small limits: the cost does not
 * grow with the number of tools.
 */
export async function suggest(db: Db, prefix: string): Promise<Suggestions> {
  const q = prefix.trim().toLowerCase();
  const read = async (sql: string, args: (string | number)[]) =>
    (await db.$client.execute({ sql, args })).rows.map((r) => ({ name: String(r.name), slug: String(r.slug) }));
  const tools = await read(
    `SELECT name, slug FROM tools INDEXED BY tools_name_prefix_idx
      WHERE name >= ? COLLATE NOCASE AND name < ? COLLATE NOCASE AND ${publicToolSql("tools")}
      ORDER BY name COLLATE NOCASE LIMIT ?`,
    [q, q + END, SUGGESTED],
  );
  // A word of the name may start with it too ("edit" suggests "Photo Editing"); LIKE's own
  // wildcards in the text are escaped. Categories and tags are a few hundred rows at most.
  const like = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const named = (table: "categories" | "tags") =>
    read(
      `SELECT name, slug FROM ${table} WHERE name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\'
        ORDER BY name LIKE ? ESCAPE '\\' DESC, name COLLATE NOCASE LIMIT ?`,
      [`${like}%`, `% ${like}%`, `${like}%`, SUGGESTED],
    );
  return { tools, categories: await named("categories"), tags: await named("tags") };
}
