import { readFileSync } from "node:fs";
import wordListPath from "word-list";

/**
 * The English word list's words of 3 letters or more (a visitor's word is never corrected below
 * 5, ranking/corrections.ts maxEdits; a description word shown is at least 3), kept as the file's own text and the offsets of its words in
 * order: no array of 270k strings to build (a third of a second) or to hold. The file is sorted
 * but for a handful of words, which are kept apart.
 */
const MIN_LENGTH = 3;
type Sorted = { text: string; starts: number[]; apart: Set<string> };
let sorted: Sorted | null = null;

function load(): Sorted {
  const text = readFileSync(wordListPath, "utf8");
  const starts: number[] = [];
  const apart = new Set<string>();
  let last = -1;
  for (let at = 0; at < text.length; ) {
    const next = text.indexOf("\n", at);
    const end = next === -1 ? text.length : next;
    if (end - at >= MIN_LENGTH) {
      if (last < 0 || follows(text, last, at)) {
        starts.push(at);
        last = at;
      } else apart.add(text.slice(at, end));
    }
    at = end + 1;
  }
  return { text, starts, apart };
}

/** Whether the line at `b` sorts after the line at `a` (compared in place: no string made). */
function follows(text: string, a: number, b: number): boolean {
  for (let i = 0; ; i++) {
    const x = text.charCodeAt(a + i);
    const y = text.charCodeAt(b + i);
    const xEnd = x === 10 || Number.isNaN(x);
    const yEnd = y === 10 || Number.isNaN(y);
    if (xEnd || yEnd) return xEnd && !yEnd;
    if (x !== y) return y > x;
  }
}

/**
 * Whether `word` is a real English word (sindresorhus' word-list, loaded on first use): a word a
 * visitor meant, never a slip to be corrected into another word of the index.
 */
export function isEnglishWord(word: string): boolean {
  if (word.length < MIN_LENGTH) return false;
  sorted ??= load();
  const { text, starts, apart } = sorted;
  if (apart.has(word)) return true;
  let low = 0;
  let high = starts.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const from = starts[mid] ?? 0;
    const to = text.indexOf("\n", from);
    const entry = text.slice(from, to === -1 ? text.length : to);
    if (entry === word) return true;
    if (entry < word) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}
