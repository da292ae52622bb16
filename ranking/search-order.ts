import { stem } from "./word-forms";
import { quoted } from "./word-match";

/**
 * bm25 weights of the search index's columns, in their order (migration 0025): name > tags >
 * category > pricing > description > pros/cons. A tag is an attribute the editors chose; a word
 * in a description may be said in passing.
 */
const COLUMN_WEIGHTS = { name: 10, description: 1, category_name: 3, tags: 5, pricing: 2, pros_cons: 0.5 };

/** The rank of a match in tools_fts (lower is better, as bm25 is). */
export const SEARCH_RANK = `bm25(tools_fts, ${Object.values(COLUMN_WEIGHTS)
  .map((w) => w.toFixed(1))
  .join(", ")})`;

/** At most this many featured tools lead a search (browsing puts every featured tool first). */
export const SEARCH_FEATURED_PLACES = 2;
/**
 * A featured tool leads a search only when its own score is at least this share of the best
 * unfeatured match's: paid placement buys the first place among strong answers, never over them.
 */
export const FEATURED_MIN_SHARE = 0.7;

/** A word's FTS5 term inside a phrase: its stem as a prefix, a short word exactly. */
const phraseTerm = (word: string) => (word.length <= 3 ? quoted(word) : `${quoted(stem(word))}*`);

/** Words as an FTS5 phrase (each adjacent to the next, in order): "photo" + "edit"*. */
export const phraseMatch = (words: string[]) => words.map(phraseTerm).join(" + ");

/** "A to B" in the visitor's order, as the tool's text would say it ("image to text", "image into text"). */
export function directionMatch([from, to]: [string, string]): string {
  return `(${["to", "into", "2"].map((link) => phraseMatch([from, link, to])).join(" OR ")})`;
}

/**
 * The passes of a search, best first, each leaving out what an earlier one found, so one list
 * holds them in order with no tool twice: the exact phrases or directions asked for, then every
 * word, then the best partial matches.
 */
export function searchTiers(passes: (string | null)[]): string[] {
  const tiers: string[] = [];
  const before: string[] = [];
  for (const pass of passes) {
    if (!pass || before.includes(pass)) continue;
    tiers.push(before.length ? `(${pass}) ${before.map((b) => `NOT (${b})`).join(" ")}` : pass);
    before.push(pass);
  }
  return tiers;
}
