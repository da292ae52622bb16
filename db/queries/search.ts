import { maxEdits, nearestTerms } from "../../ranking/corrections";
import { directions, quotedPhrases, searchedWords } from "../../ranking/query-words";
import { directionMatch, phraseMatch } from "../../ranking/search-order";
import { doerBases, inflectionStem, stem } from "../../ranking/word-forms";
import { quoted, wordMatch } from "../../ranking/word-match";
import type { Db } from "../client";
import { isEnglishWord } from "../english-words";

// Sorts after every letter and digit, so [w, w + END) is every term that starts with w.
const END = "\u{10FFFF}";

type Lookup = (sql: string, args: (string | number)[]) => Promise<Record<string, unknown>[]>;

async function hasPrefix(lookup: Lookup, prefix: string): Promise<boolean> {
  const found = await lookup("SELECT term FROM tools_vocab WHERE term >= ? AND term < ? LIMIT 1", [
    prefix,
    prefix + END,
  ]);
  return found.length > 0;
}

async function hasTerm(lookup: Lookup, term: string): Promise<boolean> {
  return (await lookup("SELECT 1 FROM tools_vocab WHERE term = ? LIMIT 1", [term])).length > 0;
}

/** How many vocabulary answers a database keeps (each a short word and a flag or a word). */
const REMEMBERED_ANSWERS = 4096;

// Per database client: the index version the answers hold for, and the answers, oldest first.
type Answer = boolean | string[];
const rememberedBy = new WeakMap<object, { version: string; answers: Map<string, Answer> }>();

/**
 * The vocabulary lookups of one search, answered from memory while the index is unchanged.
 * fts5vocab counts a term's tools by reading its whole posting list, so a correction's range
 * reads cost milliseconds at 100k tools (a range holding "and" or "for" reads a posting per
 * tool), and the same words come back search after search. FTS5 rewrites its structure record
 * (row 10 of tools_fts_data) on every change to the index, with a write counter that only
 * grows: while those bytes are the same, so is every answer, whichever process changed the
 * index. A new tool's words therefore count from the next search on, as without memory.
 */
class Vocabulary {
  private constructor(
    private readonly lookup: Lookup,
    private readonly answers: Map<string, Answer>,
  ) {}

  static async open(client: object, lookup: Lookup): Promise<Vocabulary> {
    const [row] = await lookup("SELECT hex(block) AS version FROM tools_fts_data WHERE id = 10", []);
    const version = String(row?.version ?? "");
    let kept = rememberedBy.get(client);
    if (kept?.version !== version) {
      // A fresh map: a search still under way with the old version fills the old one.
      kept = { version, answers: new Map() };
      rememberedBy.set(client, kept);
    }
    return new Vocabulary(lookup, kept.answers);
  }

  /** Whether any indexed word starts with `prefix`. */
  hasPrefix(prefix: string): Promise<boolean> {
    return this.remember(`^${prefix}`, () => hasPrefix(this.lookup, prefix));
  }

  /** Whether the index holds `term` itself. */
  hasTerm(term: string): Promise<boolean> {
    return this.remember(`=${term}`, () => hasTerm(this.lookup, term));
  }

  /**
   * A compound's two halves as the index holds them ("photoeditor", "storyteller": "photo" and
   * "editor", "story" and "tell..."), the longest first half first; empty when there is none.
   * Halves of 4 letters or more: shorter ones split words that are no compounds ("transcript-ion").
   */
  split(word: string): Promise<string[]> {
    return this.remember(`|${word}`, async () => {
      for (let cut = word.length - 4; cut >= 4; cut--) {
        const [left, right] = [word.slice(0, cut), word.slice(cut)];
        if ((await hasTerm(this.lookup, left)) && (await hasPrefix(this.lookup, stem(right)))) return [left, right];
      }
      return [];
    });
  }

  /** The indexed words nearest to `word`, best first (closestTerms). */
  closest(word: string): Promise<string[]> {
    return this.remember(`~${word}`, () => closestTerms(this.lookup, word));
  }

  private async remember<T extends Answer>(key: string, find: () => Promise<T>): Promise<T> {
    if (this.answers.has(key)) {
      const known = this.answers.get(key) as T;
      // Least recently used leaves first: a hit moves to the end.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const found = await find();
    this.answers.set(key, found);
    if (this.answers.size > REMEMBERED_ANSWERS) {
      const oldest = this.answers.keys().next().value;
      if (oldest !== undefined) this.answers.delete(oldest);
    }
    return found;
  }
}

/**
 * The index's words nearest to a misspelt one, best first (see nearestTerms). Candidates come from
 * range reads of the vocabulary (its term index), never a scan of it: terms that start with the
 * word's first letter, or with its second (a first letter typed twice or two first letters
 * swapped), of a length within the edit budget. A wrong first letter is left to the trigram
 * fallback on names.
 */
async function closestTerms(lookup: Lookup, word: string): Promise<string[]> {
  const bound = maxEdits(word);
  if (bound === 0) return [];
  const starts = [...new Set([word[0] ?? "", word[1] ?? ""])].filter(Boolean);
  const candidates: { term: string; docs: number }[] = [];
  for (const start of starts) {
    const rows = await lookup(
      `SELECT term, doc FROM tools_vocab WHERE term >= ? AND term < ? AND length(term) BETWEEN ? AND ?`,
      [start, start + END, word.length - bound, word.length + bound],
    );
    for (const row of rows) candidates.push({ term: String(row.term), docs: Number(row.doc) });
  }
  return nearestTerms(word, candidates);
}

/** A query planned against the index: FTS5 text for all words, the fallbacks, and the correction. */
export type SearchPlan = {
  /**
   * Every word (or its correction, stem, synonym) must match. Null when a word matches no
   * indexed word at all: no tool can match every word, so the pass is not run.
   */
  all: string | null;
  /**
   * The fallbacks when no tool matches `all`, in order, for loose queries ("write emails
   * faster"). When some words match nothing: every word that does, then any of them. Otherwise:
   * any word. None when most words are unknown to the index: an answer made of the rest would
   * be a guess ("zzzz no such").
   */
  any: string[];
  /** The query as corrected, when a misspelt word was replaced; else null. */
  corrected: string | null;
  /**
   * The phrases asked for, in their order: quoted ones, and "A to B" conversions ("image to
   * text" is not "text to image"). Tools that say them rank above the rest. Null when none.
   */
  phrases: string | null;
};

/**
 * Plans a visitor's text against the index's own vocabulary (`tools_vocab`), which holds published
 * tools' words only (migration 0018), so no correction names a word of a hidden tool. A word the index
 * holds (or starts) is kept; a plural or verb form of one is kept and matched by its stem; any
 * other word is replaced by the nearest indexed word by edit distance, and the plan says so.
 * Neighbouring words whose join the index holds ("chat bot") also match joined ("chatbot").
 * Admin synonyms widen each word. Every word is quoted, so FTS syntax typed by a visitor is
 * matched as text, never parsed. Null when the text has no words.
 */
export async function planSearch(db: Db, text: string): Promise<SearchPlan | null> {
  const lookup: Lookup = async (sql, args) =>
    (await db.$client.execute({ sql, args })).rows as unknown as Record<string, unknown>[];
  const words = searchedWords(text);
  if (words.length === 0) return null;
  const vocabulary = await Vocabulary.open(db.$client, lookup);

  let changed = false;
  let unknown = 0;
  const chosen: string[] = [];
  // Words the index holds or starts (so their match, a prefix of them, finds tools).
  const held = new Set<string>();
  // The verb a doer's word is matched by as well ("coder": "code").
  const bases = new Map<string, string>();
  let synonymsOf = await expansions(lookup, words);
  for (const [i, word] of words.entries()) {
    // A word with synonyms is a word the admins know, whether or not a tool uses it.
    if ((synonymsOf.get(word) ?? []).length > 0 || (await vocabulary.hasPrefix(word))) {
      held.add(word);
      chosen.push(word);
      continue;
    }
    const inflected = inflectionStem(word);
    if (inflected && (await vocabulary.hasPrefix(inflected))) {
      chosen.push(word);
      continue;
    }
    const base = await firstHeld(vocabulary, doerBases(word));
    if (base) {
      // "generater" is "generator" misspelt, not a doer of "generate": a doer's word of the same
      // verb that the index holds is the correction.
      const root = base.replace(/e$/, "");
      const near = (await vocabulary.closest(word)).filter((t) => t.startsWith(root) && /(er|or)s?$/.test(t));
      const spelled = near[0] ?? null;
      if (spelled) changed = true;
      else bases.set(word, base);
      chosen.push(spelled ?? word);
      continue;
    }
    // Half of a word typed apart ("co pilot"): kept as typed, so the pair matches joined.
    const before = words[i - 1];
    if (before && (await vocabulary.hasPrefix(before + word))) {
      chosen.push(word);
      continue;
    }
    // A compound the index holds apart ("photoeditor"): matched as its two words.
    if ((await vocabulary.split(word)).length > 0) {
      held.add(word);
      chosen.push(word);
      continue;
    }
    // A real word the index lacks is what the visitor meant, not a slip for an indexed word.
    if (isEnglishWord(word)) {
      unknown++;
      chosen.push(word);
      continue;
    }
    const nearest = (await vocabulary.closest(word))[0] ?? null;
    if (nearest && nearest !== word) changed = true;
    if (!nearest) unknown++;
    chosen.push(nearest ?? word);
  }

  if (changed) synonymsOf = await expansions(lookup, chosen);
  const groups: { match: string; matches: boolean; length: number }[] = [];
  // What a word matches besides itself: its synonyms, and the verb of a doer's word.
  const widened = (word: string): string[] => {
    const base = bases.get(word);
    return [...(synonymsOf.get(word) ?? []), ...(base ? [base] : [])];
  };
  for (let i = 0; i < chosen.length; i++) {
    const word = chosen[i] as string;
    const next = chosen[i + 1];
    const synonyms = widened(word);
    // A compound also matches its halves side by side ("photo editor", "photo-editor").
    const halves = word.length >= 8 ? await vocabulary.split(word) : [];
    const own = halves.length ? `(${wordMatch(word, synonyms)} OR ${phraseMatch(halves)})` : wordMatch(word, synonyms);
    if (next && (await vocabulary.hasPrefix(word + next))) {
      const pair = `(${own} AND ${wordMatch(next, widened(next))})`;
      groups.push({ match: `(${pair} OR ${quoted(word + next)}*)`, matches: true, length: word.length + next.length });
      i++;
      continue;
    }
    // Whether the word's own match (its stem as a prefix, a short word exactly) can find a tool.
    // A short word matches itself (and its plural), never as the start of a longer one ("art").
    const matches =
      halves.length > 0 ||
      synonyms.length > 0 ||
      (word.length <= 3
        ? (await vocabulary.hasTerm(word)) || (await vocabulary.hasTerm(`${word}s`))
        : held.has(word) || (await vocabulary.hasPrefix(stem(word))));
    groups.push({ match: own, matches, length: word.length });
  }
  const matching = groups.filter((g) => g.matches).map((g) => g.match);
  const every = matching.length === groups.length;
  let any: string[] = [];
  // Mostly words no tool uses: an answer made of the rest would be a guess ("zzzz no such"). Half
  // of them will do when a word that matches says something ("image zxqv", not "zzzz no").
  const telling = groups.some((g) => g.matches && g.length >= 4);
  if ((unknown * 2 < words.length || (unknown * 2 === words.length && telling)) && matching.length > 0) {
    // A word that matches nothing would empty "every word" and add nothing to "any word": the
    // words that match, all of them first, a far smaller set to rank than any of them.
    any = every ? [matching.join(" OR ")] : [...new Set([matching.join(" AND "), matching.join(" OR ")])];
    if (groups.length === 1) any = [];
  }
  const phrases = [...quotedPhrases(text).map(phraseMatch), ...directions(text).map(directionMatch)];
  return {
    all: every ? groups.map((g) => g.match).join(" AND ") : null,
    any,
    corrected: changed ? chosen.join(" ") : null,
    phrases: phrases.length ? phrases.join(" AND ") : null,
  };
}

/** The first of `words` the index holds or starts (a doer's word's verb, say), if any. */
async function firstHeld(vocabulary: Vocabulary, words: string[]): Promise<string | null> {
  for (const word of words) if (word.length >= 4 && (await vocabulary.hasPrefix(word))) return word;
  return null;
}

/** Each word's admin synonyms (also those of its singular), as the phrases they expand to. */
async function expansions(lookup: Lookup, words: string[]): Promise<Map<string, string[]>> {
  const keys = [...new Set(words.flatMap((w) => [w, inflectionStem(w) ?? w]))];
  const found = await lookup(
    `SELECT term, expands_to FROM synonyms WHERE term IN (${keys.map(() => "?").join(",")}) ORDER BY id LIMIT 200`,
    keys,
  );
  const byTerm = new Map<string, string[]>();
  for (const row of found) {
    const term = String(row.term);
    byTerm.set(term, [...(byTerm.get(term) ?? []), String(row.expands_to)]);
  }
  const out = new Map<string, string[]>();
  for (const w of words) {
    const singular = inflectionStem(w);
    out.set(w, [...(byTerm.get(w) ?? []), ...(singular && singular !== w ? (byTerm.get(singular) ?? []) : [])]);
  }
  return out;
}
