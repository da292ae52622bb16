/**
 * Turns free text into a safe FTS5 query: every word becomes a quoted prefix term, so operators
 * and quotes typed by a visitor are matched as text and never parsed as FTS syntax.
 */
export function ftsQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 12) ?? [];
  if (words.length === 0) return null;
  return words.map((w) => `"${w.slice(0, 64)}"*`).join(" ");
}

/** Trigram OR-query for the misspelling fallback, or null when the text is too short. */
export function trigramQuery(text: string): string | null {
  const grams = [...trigrams(text)].slice(0, 40);
  if (grams.length === 0) return null;
  return grams.map((g) => `"${g}"`).join(" OR ");
}

export function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  }
  return grams;
}

function bigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (let i = 0; i + 2 <= word.length; i++) grams.add(word.slice(i, i + 2));
  }
  return grams;
}

/**
 * How alike a query and a name are (0..1): the Dice coefficient of their letter pairs, which
 * forgives typos and swapped letters ("chatgtp" ~ "ChatGPT" = 0.67).
 */
export function similarity(query: string, name: string): number {
  const q = bigrams(query);
  const n = bigrams(name);
  if (q.size === 0 || n.size === 0) return 0;
  let shared = 0;
  for (const g of q) if (n.has(g)) shared++;
  return (2 * shared) / (q.size + n.size);
}
