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
