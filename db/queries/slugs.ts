import { nextSlug } from "../../lib/slug";
import type { Db } from "../client";

/**
 * A slug free in `table` for `base` (see nextSlug), from one query of two index seeks: whether
 * `base` is taken (the slug's unique index), and the largest numeric suffix among `base-2`,
 * `base-3`, ... (the `<table>_slug_suffix_idx` index on expressions, read from its end: the
 * longest digit run, then the greatest), so the cost does not grow with the number of items
 * sharing the base. A tool's slug is also taken while another tool's old slug reserves it.
 * `exceptId` is the row being renamed, whose own slugs do not count. Another
 * process may claim the same slug before the caller writes it: the unique index then refuses the
 * write, and the caller asks again.
 */
export async function freeSlug(
  db: Db,
  table: "tools" | "articles",
  base: string,
  exceptId: number | null = null,
): Promise<string> {
  // A tool's old slugs stay reserved for it (slug_redirects, also after it is deleted): an old
  // link must never lead to another tool. They are read by a range of the primary key, from
  // `base-` up to `base.` ('.' follows '-'), among which only one record's renames can be.
  const reserved =
    table === "tools"
      ? `UNION ALL SELECT old_slug FROM slug_redirects
           WHERE kind = 'tool' AND old_slug >= ?2 AND old_slug < ?5 AND target_id IS NOT ?3
             AND rtrim(old_slug, '0123456789') = ?2 AND substr(old_slug, ?4, 1) <> '0'`
      : "";
  const reservedBase =
    table === "tools"
      ? "OR EXISTS (SELECT 1 FROM slug_redirects WHERE kind = 'tool' AND old_slug = ?1 AND target_id IS NOT ?3)"
      : "";
  const result = await db.$client.execute({
    // The expressions match the index's exactly, or the planner would not use it.
    sql: `SELECT
            EXISTS (SELECT 1 FROM ${table} WHERE slug = ?1 AND id IS NOT ?3) ${reservedBase} AS taken,
            (SELECT substr(s, ?4) FROM (
              SELECT * FROM (SELECT slug AS s FROM ${table}
                WHERE rtrim(slug, '0123456789') = ?2 AND substr(slug, ?4, 1) <> '0' AND id IS NOT ?3
                ORDER BY length(slug) DESC, slug DESC LIMIT 1)
              ${reserved})
              ORDER BY length(s) DESC, s DESC LIMIT 1) AS top`,
    args: [base, `${base}-`, exceptId, base.length + 2, ...(table === "tools" ? [`${base}.`] : [])],
  });
  const row = result.rows[0];
  return nextSlug(base, Boolean(row?.taken), row?.top == null ? null : String(row.top));
}

/** How many times a write retries with a fresh slug after losing a race for one. */
export const SLUG_ATTEMPTS = 5;

/** A slug could not be claimed after SLUG_ATTEMPTS races: the API answers 409. */
export class SlugConflict extends Error {
  constructor(base: string) {
    super(`Another item took the slug '${base}' at the same moment. Please try again.`);
  }
}
