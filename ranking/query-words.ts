/** Words of a query that are searched: a long query's first ones that say something. */
const MAX_QUERY_WORDS = 12;

/**
 * The words of a query as the index splits them (unicode61): lower-case letters and digits, at
 * most `max` of them.
 */
export function queryWords(text: string, max = MAX_QUERY_WORDS): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, max)
      .map((w) => w.slice(0, 64)) ?? []
  );
}

// Words that say nothing about a tool; dropped when the query has others.
const STOPWORDS = new Set(
  "a an and are as at be best by can do for from good how i in is it me my of on or such that the this to tool tools with you your".split(
    " ",
  ),
);

/**
 * The words a query is searched by: those that say something (all of them when none does), each
 * once, at most MAX_QUERY_WORDS.
 */
export function searchedWords(text: string): string[] {
  // Stop words go before the query is cut short: a long sentence keeps the words that say something.
  const typed = queryWords(text, Number.POSITIVE_INFINITY);
  const meaningful = typed.filter((w) => !STOPWORDS.has(w));
  // A word typed twice is searched once (each copy would carry all of its synonyms again).
  return [...new Set(meaningful.length > 0 ? meaningful : typed)].slice(0, MAX_QUERY_WORDS);
}
