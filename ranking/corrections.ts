import { editDistance } from "./edit-distance";

/** How many edits a word of this length may be away from the word meant. */
export function maxEdits(word: string): number {
  // A short word is one edit away from many others ("cafe" from "care", "resume" two from
  // "rename"): it is corrected only when long enough that the nearest word is likely the one meant.
  if (word.length <= 4) return 0;
  return word.length <= 6 ? 1 : 2;
}

/** Corrections of one word kept, best first: the first a published tool uses is the one taken. */
const CORRECTION_CANDIDATES = 8;

/**
 * The nearest of the index's words (`candidates`, with how many tools use each) to a misspelt
 * one, best first (at most CORRECTION_CANDIDATES): fewest edits (within maxEdits); among equals,
 * a vowel-for-vowel slip first, then a word of the typed length, then the word more tools use.
 */
export function nearestTerms(word: string, candidates: Iterable<{ term: string; docs: number }>): string[] {
  const bound = maxEdits(word);
  const found = new Map<string, { term: string; distance: number; docs: number; likeness: number }>();
  for (const { term, docs } of candidates) {
    const distance = editDistance(word, term, bound);
    if (distance > bound) continue;
    // Among equals: a vowel written for another (the commonest slip: "generater" is "generator",
    // not "generates"), then a word of the typed length, then the word more tools use.
    const likeness = (vowelSlip(word, term) ? 2 : 0) + (term.length === word.length ? 1 : 0);
    found.set(term, { term, distance, docs, likeness });
  }
  return [...found.values()]
    .sort((a, b) => a.distance - b.distance || b.likeness - a.likeness || b.docs - a.docs)
    .slice(0, CORRECTION_CANDIDATES)
    .map((c) => c.term);
}

const VOWELS = /^[aeiouy]$/;

/** Same length, and every letter that differs is a vowel written for another vowel. */
function vowelSlip(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && !(VOWELS.test(a[i] ?? "") && VOWELS.test(b[i] ?? ""))) return false;
  }
  return true;
}
