import { nextSlug } from "../../lib/slug";
import type { Db } from "../client";

/**
 * A slug free in `table` for `base` (see nextSlug), from one query of two index seeks: whether
 * `base` is taken (the slug's unique index), and the largest numeric suffix among `base-2`,
 * `base-3`, ... (the `<table>_slug_suffix_idx` index on expressions, read from its end: the
 * longest digit run, then the greatest), so the cost does not grow with the number of items
 * sharing the base. `exceptId` is the row being renamed, whose own slug does not count. Another
 * process may claim the same slug before the caller writes it: the unique index then refuses the
 * write, and the caller asks again.
 */
export async function freeSlug(
  db: Db,
  table: "tools" | "articles",
  base: string,
  exceptId: number | null = null,
): Promise<string> {
  const result = await db.$client.execute({
    // The expressions match the index's exactly, or the planner would not use it.
    sql: `SELECT
            EXISTS (SELECT 1 FROM ${table} WHERE slug = ?1 AND id IS NOT ?3) AS taken,
            (SELECT substr(slug, ?4) FROM ${table}
              WHERE rtrim(slug, '0123456789') = ?2 AND substr(slug, ?4, 1) <> '0' AND id IS NOT ?3
              ORDER BY length(slug) DESC, slug DESC LIMIT 1) AS top`,
    args: [base, `${base}-`, exceptId, base.length + 2],
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
