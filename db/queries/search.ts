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

/** Share of the query's trigrams found in `name` (0..1). */
export function trigramSimilarity(query: string, name: string): number {
  const q = trigrams(query);
  if (q.size === 0) return 0;
  const n = trigrams(name);
  let shared = 0;
  for (const g of q) if (n.has(g)) shared++;
  return shared / q.size;
}
