import { descriptionWords } from "../../ranking/description-words";
import { SEARCH_RANK } from "../../ranking/search-order";
import { stem } from "../../ranking/word-forms";
import type { Db } from "../client";
import { publicToolSql } from "./visibility";

/** How many of the nearest tools vote on a category and tags. */
const NEIGHBOURS = 10;
/**
 * Most of a page's words searched with, in the page's order (its topics and opening say what it
 * is): enough to reach past a first sentence about the company, few enough to stay on topic.
 */
const QUERY_WORDS = 32;
/** What the categories' own names and descriptions count beside the nearest tools' votes (which add up to 1). */
const CATEGORY_TEXT_WEIGHT = 0.25;

/** A word's term in the search index: its stem as a prefix, a short word exactly (as searches match it). */
const indexTerm = (word: string) => (word.length <= 3 ? word : stem(word));
const termMatch = (word: string) => `"${indexTerm(word)}"${word.length <= 3 ? "" : "*"}`;

/** Most words of a page looked up in the index at once: twice what is searched with, as some are unknown to it. */
const CANDIDATE_WORDS = 2 * QUERY_WORDS;

/**
 * How many published tools hold each word (any form of it), from the index's own vocabulary in
 * one query: the most of any one form, a short word's own count.
 */
async function toolsWith(db: Db, words: string[]): Promise<number[]> {
  if (words.length === 0) return [];
  const { rows } = await db.$client.execute({
    sql: `WITH w(i, lo, hi) AS (VALUES ${words.map(() => "(?, ?, ?)").join(", ")})
          SELECT (SELECT coalesce(max(doc), 0) FROM tools_vocab WHERE term BETWEEN w.lo AND w.hi) AS n FROM w ORDER BY i`,
    args: words.flatMap((word, i) => {
      const term = indexTerm(word);
      // A short word is only itself; a longer one, every term its stem starts.
      return [i, term, word.length <= 3 ? term : `${term}\u{10FFFF}`];
    }),
  });
  return rows.map((r) => Number(r.n ?? 0));
}

/**
 * A category and tags for a new tool, from the directory's own search index: the published tools
 * whose words are nearest to the page's (bm25 with the search's column weights) vote, each by its
 * score against the nearest one's; the categories' own names and descriptions add a smaller
 * share for the page's words they use, rarer words counting more. The tool's name is left out:
 * it says who the tool is, not what it does, and sibling products share it ("Adobe ..."). Only
 * categories and tags that exist are ever named; nothing when no tool is near.
 */
export async function suggestPlacement(
  db: Db,
  page: { name: string; text: string },
): Promise<{ category_id: number | null; tags: string[] }> {
  const nameWords = new Set(descriptionWords(page.name));
  const candidates = descriptionWords(page.text)
    .filter((w) => !nameWords.has(w))
    .slice(0, CANDIDATE_WORDS);
  const counts = await toolsWith(db, candidates);
  const words = candidates
    .map((word, i) => ({ word, tools: counts[i] ?? 0 }))
    .filter((w) => w.tools > 0)
    .slice(0, QUERY_WORDS);
  if (words.length === 0) return { category_id: null, tags: [] };
  const near = await db.$client.execute({
    sql: `SELECT t.id, t.category_id, ${SEARCH_RANK} AS rank,
            (SELECT json_group_array(g.slug) FROM tool_tags tt JOIN tags g ON g.id = tt.tag_id WHERE tt.tool_id = t.id) AS tags
          FROM tools_fts JOIN tools t ON t.id = tools_fts.rowid
          WHERE tools_fts MATCH ? AND ${publicToolSql("t")} ORDER BY rank LIMIT ?`,
    args: [words.map((w) => termMatch(w.word)).join(" OR "), NEIGHBOURS],
  });
  const best = Number(near.rows[0]?.rank ?? 0);
  const votes = new Map<number, number>();
  const tags = new Map<string, number>();
  near.rows.forEach((row, place) => {
    const category = row.category_id == null ? null : Number(row.category_id);
    // bm25 is negative, better the lower: a tool half as near as the nearest votes half as much.
    if (category != null && best < 0) votes.set(category, (votes.get(category) ?? 0) + Number(row.rank) / best);
    for (const slug of JSON.parse(String(row.tags ?? "[]")) as string[])
      tags.set(slug, (tags.get(slug) ?? 0) + 1 / (place + 1));
  });
  const scores = shares(votes);
  for (const [id, share] of shares(await categoryTextScores(db, words))) {
    scores.set(id, (scores.get(id) ?? 0) + CATEGORY_TEXT_WEIGHT * share);
  }
  const bestCategory = [...scores].sort((a, b) => b[1] - a[1])[0];
  // The nearest tool's tags, and tags that lower-ranked near tools share (1/2 + 1/3 ...).
  const shared = [...tags].filter(([, w]) => w >= 0.5).sort((a, b) => b[1] - a[1]);
  return { category_id: bestCategory?.[0] ?? null, tags: shared.slice(0, 5).map(([slug]) => slug) };
}

/** Each score as a share of their sum. */
function shares(scores: Map<number, number>): Map<number, number> {
  const total = [...scores.values()].reduce((sum, s) => sum + s, 0);
  return new Map(total > 0 ? [...scores].map(([id, s]) => [id, s / total]) : []);
}

/** Per category, how much its name and description say the page's words: each word by its rarity among the tools. */
async function categoryTextScores(db: Db, words: { word: string; tools: number }[]): Promise<Map<number, number>> {
  const { rows } = await db.$client.execute("SELECT id, name, description FROM categories");
  const [count] = (await db.$client.execute(`SELECT count(*) AS n FROM tools t WHERE ${publicToolSql("t")}`)).rows;
  const all = Math.max(1, Number(count?.n ?? 0));
  const scores = new Map<number, number>();
  for (const row of rows) {
    const own = descriptionWords(`${row.name} ${row.description}`).map(indexTerm);
    let score = 0;
    for (const { word, tools } of words) {
      const term = indexTerm(word);
      if (own.some((w) => (word.length <= 3 ? w === term : w.startsWith(term)))) score += Math.log(1 + all / tools);
    }
    if (score > 0) scores.set(Number(row.id), score);
  }
  return scores;
}

/**
 * Published tools (`withPending`: and drafts waiting for review) whose website is on the site
 * `key` names (siteKey in media/autofill.ts): the host contains it, checked exactly by `sameSite`
 * on the few rows the LIKE finds.
 */
export async function toolsOnSite(
  db: Db,
  key: string,
  sameSite: (url: string) => boolean,
  withPending = false,
): Promise<{ id: number; slug: string; name: string }[]> {
  const pattern = `%${key.replace(/[\\%_]/g, "\\$&")}%`;
  const result = await db.$client.execute({
    sql: `SELECT id, slug, name, website_url FROM tools t
          WHERE (${publicToolSql("t")}${withPending ? " OR t.status = 'pending'" : ""}) AND website_url LIKE ? ESCAPE '\\' ORDER BY id LIMIT 50`,
    args: [pattern],
  });
  return result.rows
    .filter((r) => sameSite(String(r.website_url)))
    .slice(0, 5)
    .map((r) => ({ id: Number(r.id), slug: String(r.slug), name: String(r.name) }));
}
