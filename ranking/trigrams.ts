/** Trigram OR-query for the misspelling fallback, or null when the text is too short. */
export function trigramQuery(text: string): string | null {
  const grams = [...trigrams(text)].slice(0, 40);
  if (grams.length === 0) return null;
  return grams.map((g) => `"${g}"`).join(" OR ");
}

function trigrams(text: string): Set<string> {
  const grams = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    for (let i = 0; i + 3 <= word.length; i++) grams.add(word.slice(i, i + 3));
  }
  return grams;
}
