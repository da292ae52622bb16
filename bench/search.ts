import { type Db, openDb } from "../db/client";
import { type Tool, toTool } from "../db/queries/rows";
import { listTools, type ToolFilter } from "../db/queries/tools";
import { similarity } from "../ranking/name-similarity";
import { trigramQuery } from "../ranking/trigrams";
import { dataset, percentile, record } from "./lib";

/** The ten searches the 100k-tool figures time: common words, two-word intents, words only names hold. */
export const QUERIES = [
  "writer",
  "image",
  "video notes",
  "smart",
  "code",
  "voice",
  "deep lens",
  "summarises emails",
  "flow",
  "canvas",
];

type Filter = ToolFilter & { search: string };

const COLUMNS = "t.*, c.name AS category_name, c.slug AS category_slug";

/**
 * The search as it was before it forgave typos, the reference for what forgiving costs: every
 * typed word a quoted prefix, all of them required, ranked as today (featured, then bm25); when
 * no tool matched, trigram candidates on names kept by letter-pair similarity.
 */
async function plainSearch(db: Db, f: Filter, fallback = true): Promise<Tool[]> {
  const words = f.search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
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
  const run = async (sql: string, params: (string | number)[]) =>
    (await db.$client.execute({ sql, args: params })).rows as unknown as Record<string, unknown>[];
  const match = words.map((w) => `"${w.slice(0, 64)}"*`).join(" ");
  const found = await run(
    `SELECT ${COLUMNS} FROM (
        SELECT t.id, t.is_featured AS featured, bm25(tools_fts, 10.0, 1.0, 3.0) AS rank
        FROM tools_fts JOIN tools t INDEXED BY tools_search_idx ON t.id = tools_fts.rowid
        WHERE ${["tools_fts MATCH ?", ...where].join(" AND ")} ORDER BY featured DESC, rank, t.id LIMIT ? OFFSET ?
      ) r JOIN tools t ON t.id = r.id LEFT JOIN categories c ON c.id = t.category_id
      ORDER BY r.featured DESC, r.rank, r.id`,
    [match, ...args, f.limit, f.offset],
  );
  if (found.length > 0 || !fallback) return found.map((r) => toTool(r));
  const grams = trigramQuery(f.search);
  if (!grams) return [];
  const candidates = await run(
    `SELECT t.id, t.name, t.is_featured FROM tools_trigram JOIN tools t ON t.id = tools_trigram.rowid
      WHERE ${["tools_trigram MATCH ?", ...where].join(" AND ")} ORDER BY bm25(tools_trigram) LIMIT 200`,
    [grams, ...args],
  );
  const page = candidates
    .map((r) => ({ id: Number(r.id), featured: Number(r.is_featured), score: similarity(f.search, String(r.name)) }))
    .filter((x) => x.score >= 0.4)
    .sort((a, b) => b.featured - a.featured || b.score - a.score)
    .slice(f.offset, f.offset + f.limit)
    .map((x) => x.id);
  if (page.length === 0) return [];
  const rows = await run(
    `SELECT ${COLUMNS} FROM tools t LEFT JOIN categories c ON c.id = t.category_id
      WHERE t.id IN (${page.map(() => "?").join(",")})`,
    page,
  );
  return rows.map((r) => toTool(r));
}

/**
 * p50 and p99 of the ten searches at `tools` tools, the forgiving search (listTools) against the
 * plain one, alternated search by search so drift in machine load hits both alike; without
 * filters, and with a category and a pricing filter.
 */
export async function forgivingSearchFigures(tools: number) {
  const db = await openDb({ url: `file:${await dataset(tools)}` });
  const runs = 400;
  for (const filtered of [false, true]) {
    const filter = (i: number): Filter => ({
      search: QUERIES[i % QUERIES.length] ?? "",
      ...(filtered ? { categoryId: 1 + (i % 20), pricing: "freemium" } : {}),
      limit: 12,
      offset: 0,
    });
    const ours: number[] = [];
    const plain: number[] = [];
    const matchOnly: number[] = [];
    const arms = [
      { run: (f: Filter) => listTools(db, f), times: ours },
      { run: (f: Filter) => plainSearch(db, f), times: plain },
      { run: (f: Filter) => plainSearch(db, f, false), times: matchOnly },
    ];
    for (let i = -50; i < runs; i++) {
      const f = filter(Math.abs(i));
      // Each search in turn goes first, so none always finds the others' pages in the cache.
      for (let k = 0; k < arms.length; k++) {
        const arm = arms[(k + Math.abs(i)) % arms.length] as (typeof arms)[number];
        const start = performance.now();
        await arm.run(f);
        // The first 50 warm all three (statement compilation, page cache, vocabulary memory).
        if (i >= 0) arm.times.push(performance.now() - start);
      }
    }
    for (const arm of arms) arm.times.sort((a, b) => a - b);
    const label = filtered ? "with category+pricing" : "search text only";
    for (const p of [50, 99]) {
      const value = percentile(ours, p);
      const reference = percentile(plain, p);
      record(
        {
          name: `search p${p}, ten searches ${label}, ${tools} tools, forgiving / plain (before typo correction)`,
          value,
          unit: "ms",
          reference,
          aim: "<= 2",
        },
        value / reference,
        value / reference <= 2,
      );
    }
    // The MATCH alone finds nothing for four of the ten (words only names hold, joined into one
    // token), an answer the search before never gave: it went on to the trigram fallback. So this
    // lower bound is shown, not held to an aim.
    const p50 = percentile(matchOnly, 50);
    const p99 = percentile(matchOnly, 99);
    console.log(
      `  plain MATCH without its fallback, ${label}: p50 ${p50.toFixed(3)} ms (forgiving / it ${(percentile(ours, 50) / p50).toFixed(2)}), p99 ${p99.toFixed(3)} ms (${(percentile(ours, 99) / p99).toFixed(2)})`,
    );
  }
  db.$client.close();
}
