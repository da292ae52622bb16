import { queryWords } from "./query-words";
import { stem } from "./word-forms";

/** A term as an FTS5 string (its own quotes dropped): matched as text, never parsed. */
export const quoted = (term: string) => `"${term.replace(/"/g, "")}"`;

/**
 * A word's match: its stem as a prefix, or any of its synonyms. A word of 3 letters or fewer
 * matches itself and its plural, never as the start of a longer word ("art" is not "artificial").
 */
export function wordMatch(word: string, expansions: string[]): string {
  const self =
    word.length <= 2
      ? quoted(word)
      : word.length === 3
        ? `(${quoted(word)} OR ${quoted(`${word}s`)})`
        : `${quoted(stem(word))}*`;
  const alternatives = [
    self,
    ...expansions.map((phrase) => {
      const words = queryWords(phrase);
      const terms = words.map((w) => (w.length <= 2 ? quoted(w) : `${quoted(stem(w))}*`));
      return terms.length > 1 ? `(${terms.join(" AND ")})` : (terms[0] ?? "");
    }),
  ].filter(Boolean);
  return alternatives.length > 1 ? `(${[...new Set(alternatives)].join(" OR ")})` : self;
}
