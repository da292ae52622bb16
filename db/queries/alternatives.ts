/**
 * A tool's alternatives: the tools that share the most with it, ranked by one scoring function
 * (`match`) used by the tool pages, the alternatives pages, the comparison pages and the API.
 *
 * What counts, strongest first:
 * - **tags** both have, a rarer tag more (a tag on more than TAG_MAX_TOOLS tools tells nothing);
 * - the same **category**;
 * - **distinctive words** both descriptions use: each tool's rarest words by the search index's
 *   vocabulary (`tools_vocab`), a rarer word more, capped so words never outweigh a category;
 * - the same **pricing** type, which only adds to a tool that shares something else.
 *
 * Weights depend on how many tools hold a tag or word only through its power of two (the
 * "step"), and scores are whole numbers of points, so a sum does not depend on the order it is
 * added in. A change to one tool therefore moves other tools' scores only when it takes a tag or
 * word across a power of two: the incremental renderer (rebuild/discovery.ts) re-ranks just the
 * tools such a change can reach and still writes what a full build would. Ties go to the tool
 * that follows in id order, wrapping around, so no tool is listed on every page of its category.
 */
import type { InValue } from "@libsql/client";
import { reasonTexts } from "../../lib/alternatives";
import type { Db } from "../client";
import { type Tool, toTool } from "./rows";
import { publicToolSql } from "./visibility";

/** How many alternatives a tool's list holds: its alternatives page shows them all. */
export const ALTERNATIVES_LIMIT = 10;
/** A tool page shows the first this many as its Similar Tools (SPEC §2). */
export const SIMILAR_TOOLS = 3;
/** A tool has an alternatives page once its list holds this many. */
export const MIN_ALTERNATIVES = 3;
/** A tool's distinctive words: at most this many of its description's rarest. */
export const TERMS_PER_TOOL = 12;
/** A tag on more tools than this is too common to tell tools apart: it counts for nothing. */
export const TAG_MAX_TOOLS = 500;
/** A word in more tools than this is too common to count (nor is a word only one tool uses). */
export const TERM_MAX_TOOLS = 100;

/** Points in one unit of score (the API's `score`): every weight below is a whole number of them. */
export const POINTS_PER_UNIT = 2520;
const CATEGORY_POINTS = 2520;
const PRICING_POINTS = 630;
/** Words together never weigh more than a shared category. */
const TEXT_CAP = 2520;

/** floor(log2(n)) for n >= 1. */
const magnitude = (n: number) => 31 - Math.clz32(n);

/** A tag's weight step (tools holding it, by powers of two), or null when it does not count. */
export function tagStep(tools: number): number | null {
  return tools >= 1 && tools <= TAG_MAX_TOOLS ? magnitude(tools) : null;
}

/** A word's weight step (tools using it, by powers of two), or null when it does not count. */
export function termStep(tools: number): number | null {
  return tools >= 2 && tools <= TERM_MAX_TOOLS ? magnitude(tools) : null;
}

// 7560 / (1..9) and 2520 / (2..7) are whole numbers: a tag held by 2-3 tools 1.5, by 256-500 one third.
const tagPoints = (step: number) => 7560 / (1 + step);
// A word used by 2-3 tools 0.5, by 64-100 one seventh.
const termPoints = (step: number) => 2520 / (1 + step);

// Words that say nothing about what a tool does: English function words, the generic verbs and
// adjectives product descriptions share, and the pieces of links.
const STOPWORDS = new Set(
  `able about across add adds after all allow allows almost along also although always among and another any
  anything app apps are around automatic automatically available based because been before being best better
  between both build builds built but called can change changes choose com come comes could create created
  creates day days different does done down each easily easy edit edits either else enough etc even ever every
  everything fast feature features few find first for free from full get gets give gives good great had has
  have help helps her here high his how html http https including instead into its just keep kind known large
  last less let lets like long made main make makes many may more most much must need needs new non not now
  offer offers often once one online only open org other others our out over own paid part people per plan
  plans plus popular pricing quick quickly ready real request requests right run runs same see set should
  simple since small some someone something start still such support supports take takes than that the their
  them then there these they thing things this those through time times too tool tools top turn turns two
  under understand understands until upon use used user users uses using very via want was way ways well were
  what when where whether which while who whole will with within without work works would www year years yet
  you your`.split(/\s+/),
);

/**
 * The words of a description as the search index splits them (unicode61: letters and digits,
 * lower case, diacritics removed), at least three letters, not all digits, no stopwords.
 */
export function descriptionWords(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter(isDescriptionWord))];
}

/** Whether an indexed word can be one of a tool's distinctive words (see descriptionWords). */
export function isDescriptionWord(word: string): boolean {
  return word.length >= 3 && word.length <= 40 && !/^\d+$/.test(word) && !STOPWORDS.has(word);
}

/**
 * Every word the search index may have made of `text`, in the spellings the tokenizers could
 * differ on (compatibility forms folded or not, combining marks dropped or splitting words):
 * the words whose tool counts a change to `text` can move.
 */
export function possibleIndexWords(text: string): string[] {
  const lower = text.toLowerCase();
  return [
    ...new Set([
      ...descriptionWords(lower),
      ...descriptionWords(lower.normalize("NFKD")),
      ...descriptionWords(lower.normalize("NFD").replace(/\p{M}/gu, " ")),
    ]),
  ];
}

/** What ranking reads of a tool. */
export type AltFeatures = {
  id: number;
  slug: string;
  category: number | null;
  pricing: string;
  /** Tag ids, ascending. */
  tags: number[];
  /** Its distinctive words, rarest first (see distinctiveTerms). */
  terms: string[];
};

/** The tool counts behind the weights. */
export interface Weights {
  /** How many tools hold a tag. */
  tagCount(tag: number): number;
  /** A word's weight step (see termStep), or null when it does not count. */
  termStep(term: string): number | null;
}

/** Where ranking finds the tools that may share something with a tool. */
export interface Universe extends Weights {
  features(id: number): AltFeatures | undefined;
  /** The tools holding a tag (asked only for tags that count). */
  tagTools(tag: number): Iterable<number>;
  /** The tools with a word among their distinctive words. */
  termTools(term: string): Iterable<number>;
  /** A category's tools, ids ascending. */
  categoryTools(category: number): readonly number[];
  /** Two empty tallies of points by tool to rank with (default: maps). */
  tallies?(): [Tally, Tally];
}

/** Points by tool, added up while ranking one tool. */
export interface Tally {
  add(id: number, points: number): void;
  get(id: number): number;
  has(id: number): boolean;
  ids(): Iterable<number>;
}

class MapTally implements Tally {
  private readonly points = new Map<number, number>();
  add(id: number, points: number) {
    this.points.set(id, (this.points.get(id) ?? 0) + points);
  }
  get(id: number) {
    return this.points.get(id) ?? 0;
  }
  has(id: number) {
    return this.points.has(id);
  }
  ids() {
    return this.points.keys();
  }
}

/** Ids at or above this are tallied in a map (the arrays would be too large). */
const ARRAY_TALLY_IDS = 1 << 22;

/**
 * A tally in arrays indexed by tool id, reused from one ranking to the next: a full build adds
 * up millions of points, several times faster than in maps.
 */
class ArrayTally implements Tally {
  private points = new Int32Array(1024);
  private touched = new Uint8Array(1024);
  private readonly list: number[] = [];
  private large = new MapTally();
  private largeUsed = false;
  add(id: number, points: number) {
    if (id >= ARRAY_TALLY_IDS) {
      this.largeUsed = true;
      return this.large.add(id, points);
    }
    if (id >= this.points.length) this.grow(id);
    if (this.touched[id] === 0) {
      this.touched[id] = 1;
      this.list.push(id);
    }
    (this.points[id] as number) += points;
  }
  // Reads stay inside the arrays: an out-of-bounds read of a typed array is many times slower.
  get(id: number): number {
    if (id < this.points.length) return this.points[id] as number;
    return id >= ARRAY_TALLY_IDS ? this.large.get(id) : 0;
  }
  has(id: number): boolean {
    if (id < this.touched.length) return this.touched[id] === 1;
    return id >= ARRAY_TALLY_IDS && this.large.has(id);
  }
  ids(): Iterable<number> {
    return this.largeUsed ? [...this.list, ...this.large.ids()] : this.list;
  }
  /** Empties the tally for the next ranking. */
  reset(): this {
    for (const id of this.list) {
      this.points[id] = 0;
      this.touched[id] = 0;
    }
    this.list.length = 0;
    if (this.largeUsed) this.large = new MapTally();
    this.largeUsed = false;
    return this;
  }
  private grow(id: number) {
    const size = Math.min(ARRAY_TALLY_IDS, Math.max(id + 1, this.points.length * 2));
    const points = new Int32Array(size);
    points.set(this.points);
    const touched = new Uint8Array(size);
    touched.set(this.touched);
    this.points = points;
    this.touched = touched;
  }
}

/** What an alternative `id` shares with the tool it is ranked for, and its points. */
export type Match = {
  id: number;
  points: number;
  /** Shared tags that count, rarest first. */
  tags: number[];
  category: boolean;
  pricing: boolean;
  /** Shared distinctive words, rarest first. */
  terms: string[];
};

/** A tool's distinctive words: its description's words that count, rarest first, then alphabetical. */
export function distinctiveTerms(description: string, step: (term: string) => number | null): string[] {
  const scored: [string, number][] = [];
  for (const word of descriptionWords(description)) {
    const s = step(word);
    if (s !== null) scored.push([word, s]);
  }
  scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return scored.slice(0, TERMS_PER_TOOL).map(([word]) => word);
}

/**
 * The scoring function: what `y` shares with `x` and its points, or null when it shares no tag
 * that counts, no category and no distinctive word (the same pricing alone is no likeness).
 * Symmetric in points: `y` scores for `x` what `x` scores for `y`.
 */
export function match(x: AltFeatures, y: AltFeatures, w: Weights): Match | null {
  if (x.id === y.id) return null;
  let points = 0;
  const tags: [number, number][] = [];
  for (const tag of x.tags) {
    if (!y.tags.includes(tag)) continue;
    const step = tagStep(w.tagCount(tag));
    if (step === null) continue;
    tags.push([tag, step]);
    points += tagPoints(step);
  }
  const category = x.category !== null && x.category === y.category;
  const terms: string[] = [];
  let text = 0;
  for (const term of x.terms) {
    if (!y.terms.includes(term)) continue;
    const step = w.termStep(term);
    if (step === null) continue;
    terms.push(term);
    text += termPoints(step);
  }
  if (tags.length === 0 && !category && terms.length === 0) return null;
  const pricing = x.pricing === y.pricing;
  points += Math.min(text, TEXT_CAP) + (category ? CATEGORY_POINTS : 0) + (pricing ? PRICING_POINTS : 0);
  tags.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return { id: y.id, points, tags: tags.map(([tag]) => tag), category, pricing, terms };
}

/** Distance from `from` to `id` going up the ids and wrapping around: the tie-break. */
const wrapped = (from: number, id: number) => (id > from ? id - from : id - from + 2 ** 52);

/** Whether alternative `a` ranks before `b` for tool `x`: more points, then the nearer following id. */
export function ranksBefore(x: number, a: { id: number; points: number }, b: { id: number; points: number }): boolean {
  return a.points > b.points || (a.points === b.points && wrapped(x, a.id) < wrapped(x, b.id));
}

type Ranked = { id: number; points: number };

/** The best `limit` of the alternatives offered, kept in order. */
class Best {
  readonly items: Ranked[] = [];
  constructor(
    private readonly x: number,
    private readonly limit: number,
  ) {}
  offer(id: number, points: number): void {
    const items = this.items;
    const last = items[items.length - 1];
    // Most candidates fall below the last kept one: turned away before anything is allocated.
    if (last && items.length === this.limit) {
      if (points < last.points) return;
      if (points === last.points && wrapped(this.x, id) > wrapped(this.x, last.id)) return;
    }
    const candidate = { id, points };
    let at = items.length;
    while (at > 0 && ranksBefore(this.x, candidate, items[at - 1] as Ranked)) at--;
    items.splice(at, 0, candidate);
    if (items.length > this.limit) items.pop();
  }
}

/** Index of the first id above `id` in ascending `ids`, or 0 when there is none (wrapping). */
function firstAfter(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ids[mid] as number) <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo === ids.length ? 0 : lo;
}

/**
 * Tool `x`'s ranked alternatives, best first, at most `limit`: `match` for every tool that shares
 * something with it, computed in bulk. The points of the tools sharing a tag or a distinctive
 * word are added up tag by tag and word by word (no tool is compared with `x` field by field);
 * the rest of its category share only the category (and perhaps pricing), so only the first
 * `limit` of them following `x` are needed of each kind.
 */
export function rankAlternatives(x: AltFeatures, u: Universe, limit = ALTERNATIVES_LIMIT): Match[] {
  const [tagSums, textSums] = u.tallies?.() ?? [new MapTally(), new MapTally()];
  for (const tag of x.tags) {
    const step = tagStep(u.tagCount(tag));
    if (step === null) continue;
    const points = tagPoints(step);
    for (const id of u.tagTools(tag)) tagSums.add(id, points);
  }
  for (const term of x.terms) {
    const step = u.termStep(term);
    if (step === null) continue;
    const points = termPoints(step);
    for (const id of u.termTools(term)) textSums.add(id, points);
  }
  const best = new Best(x.id, limit);
  const score = (id: number) => {
    if (id === x.id) return;
    const y = u.features(id);
    if (!y) return;
    const category = x.category !== null && x.category === y.category;
    const points =
      tagSums.get(id) +
      Math.min(textSums.get(id), TEXT_CAP) +
      (category ? CATEGORY_POINTS : 0) +
      (y.pricing === x.pricing ? PRICING_POINTS : 0);
    best.offer(id, points);
  };
  for (const id of tagSums.ids()) score(id);
  for (const id of textSums.ids()) if (!tagSums.has(id)) score(id);
  if (x.category !== null) {
    const members = u.categoryTools(x.category);
    const start = firstAfter(members, x.id);
    let same = 0;
    let other = 0;
    for (let k = 0; k < members.length && (same < limit || other < limit); k++) {
      const id = members[(start + k) % members.length] as number;
      if (id === x.id || tagSums.has(id) || textSums.has(id)) continue;
      const y = u.features(id);
      if (!y) continue;
      const pricing = y.pricing === x.pricing;
      if (pricing ? same++ >= limit : other++ >= limit) continue;
      best.offer(id, CATEGORY_POINTS + (pricing ? PRICING_POINTS : 0));
    }
  }
  return best.items.flatMap(({ id }) => {
    const y = u.features(id);
    const m = y && match(x, y, u);
    return m ? [m] : [];
  });
}

/** The API's score of a match: points in units, two decimals. */
export const scoreOf = (points: number) => Math.round((points / POINTS_PER_UNIT) * 100) / 100;

const addTo = <K>(map: Map<K, Set<number>>, key: K, id: number) => {
  const set = map.get(key);
  if (set) set.add(id);
  else map.set(key, new Set([id]));
};
const takeFrom = <K>(map: Map<K, Set<number>>, key: K, id: number) => {
  const set = map.get(key);
  set?.delete(id);
  if (set?.size === 0) map.delete(key);
};

/** An alternatives index as it is saved beside a build (see AlternativesIndex.toJSON). */
export type SavedAlternatives = {
  version: 1;
  /** [id, slug, category, pricing, tags, terms, ranked alternative ids] */
  tools: [number, string, number | null, string, number[], string[], number[]][];
  /** Weight step of every word that counts. */
  steps: Record<string, number>;
};

/**
 * Every tool's features and ranked alternatives, in memory: what a full build computes once
 * and the incremental renderer keeps up to date (clone, change, re-rank, commit).
 */
export class AlternativesIndex implements Universe {
  private readonly tools = new Map<number, AltFeatures>();
  private readonly byTag = new Map<number, Set<number>>();
  private readonly byTerm = new Map<string, Set<number>>();
  private readonly byCategory = new Map<number, number[]>();
  private readonly steps: Map<string, number>;
  private readonly lists = new Map<number, number[]>();
  /**
   * The tools whose lists hold each tool: only an incremental pass asks, so it is made from the
   * lists on the first ask and kept up from then on (at 100k tools it weighs about 40 MB as sets,
   * which a full build's renderer then need not hold).
   */
  private listedOn: Map<number, number[]> | null = null;
  private readonly tagTally = new ArrayTally();
  private readonly textTally = new ArrayTally();

  constructor(steps: Map<string, number>) {
    this.steps = steps;
  }

  /** Indexes `features` and ranks every tool. */
  static build(features: AltFeatures[], steps: Map<string, number>): AlternativesIndex {
    const index = new AlternativesIndex(steps);
    for (const f of features) index.put(f);
    for (const f of features)
      index.setList(
        f.id,
        index.rank(f.id).map((m) => m.id),
      );
    return index;
  }

  static fromJSON(saved: SavedAlternatives): AlternativesIndex {
    if (saved?.version !== 1) throw new Error("unknown alternatives index format");
    const index = new AlternativesIndex(new Map(Object.entries(saved.steps)));
    for (const [id, slug, category, pricing, tags, terms] of saved.tools) {
      index.put({ id, slug, category, pricing, tags, terms });
    }
    for (const [id, , , , , , list] of saved.tools) index.setList(id, list);
    return index;
  }

  toJSON(): SavedAlternatives {
    const tools: SavedAlternatives["tools"] = [];
    for (const f of [...this.tools.values()].sort((a, b) => a.id - b.id)) {
      tools.push([f.id, f.slug, f.category, f.pricing, f.tags, f.terms, this.lists.get(f.id) ?? []]);
    }
    const steps = [...this.steps].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return { version: 1, tools, steps: Object.fromEntries(steps) };
  }

  /** An independent copy (features and lists are never changed in place, only replaced). */
  clone(): AlternativesIndex {
    const copy = new AlternativesIndex(new Map(this.steps));
    for (const [id, f] of this.tools) copy.tools.set(id, f);
    for (const [tag, ids] of this.byTag) copy.byTag.set(tag, new Set(ids));
    for (const [term, ids] of this.byTerm) copy.byTerm.set(term, new Set(ids));
    for (const [category, ids] of this.byCategory) copy.byCategory.set(category, [...ids]);
    for (const [id, list] of this.lists) copy.lists.set(id, list);
    if (this.listedOn) copy.listedOn = new Map([...this.listedOn].map(([id, on]) => [id, [...on]]));
    return copy;
  }

  features(id: number): AltFeatures | undefined {
    return this.tools.get(id);
  }
  tagCount(tag: number): number {
    return this.byTag.get(tag)?.size ?? 0;
  }
  termStep(term: string): number | null {
    return this.steps.get(term) ?? null;
  }
  tagTools(tag: number): Iterable<number> {
    return this.byTag.get(tag) ?? [];
  }
  termTools(term: string): Iterable<number> {
    return this.byTerm.get(term) ?? [];
  }
  categoryTools(category: number): readonly number[] {
    return this.byCategory.get(category) ?? [];
  }
  tallies(): [Tally, Tally] {
    return [this.tagTally.reset(), this.textTally.reset()];
  }

  /** Every tool id. */
  ids(): IterableIterator<number> {
    return this.tools.keys();
  }

  /** Tool `id`'s ranked alternatives (ids), as last set. */
  list(id: number): readonly number[] {
    return this.lists.get(id) ?? [];
  }

  /** The tools whose lists hold `id`. */
  listing(id: number): readonly number[] {
    if (!this.listedOn) {
      this.listedOn = new Map();
      for (const [holder, list] of this.lists) for (const other of list) this.listOn(other, holder);
    }
    return this.listedOn.get(id) ?? [];
  }

  private listOn(id: number, holder: number): void {
    const on = this.listedOn?.get(id);
    if (on) on.push(holder);
    else this.listedOn?.set(id, [holder]);
  }

  /** Sets a word's weight step (null: it no longer counts). */
  setStep(term: string, step: number | null): void {
    if (step === null) this.steps.delete(term);
    else this.steps.set(term, step);
  }

  /** Adds or replaces a tool's features (its list is left for `setList`). */
  put(f: AltFeatures): void {
    this.remove(f.id, false);
    this.tools.set(f.id, f);
    for (const tag of f.tags) addTo(this.byTag, tag, f.id);
    for (const term of f.terms) addTo(this.byTerm, term, f.id);
    if (f.category !== null) {
      const members = this.byCategory.get(f.category) ?? [];
      const at = members.length === 0 || f.id > (members.at(-1) as number) ? members.length : firstAfter(members, f.id);
      members.splice(at, 0, f.id);
      this.byCategory.set(f.category, members);
    }
  }

  /** Removes a tool (and, unless `withList` is false, its list). */
  remove(id: number, withList = true): void {
    const f = this.tools.get(id);
    if (f) {
      this.tools.delete(id);
      for (const tag of f.tags) takeFrom(this.byTag, tag, id);
      for (const term of f.terms) takeFrom(this.byTerm, term, id);
      const members = f.category === null ? undefined : this.byCategory.get(f.category);
      if (members) {
        members.splice(members.indexOf(id), 1);
        if (members.length === 0 && f.category !== null) this.byCategory.delete(f.category);
      }
    }
    if (withList) this.setList(id, []);
  }

  /** Replaces tool `id`'s ranked list (empty: none). */
  setList(id: number, list: number[]): void {
    if (this.listedOn) {
      for (const other of this.lists.get(id) ?? []) {
        const on = this.listedOn.get(other) ?? [];
        const at = on.indexOf(id);
        if (at >= 0) on.splice(at, 1);
        if (on.length === 0) this.listedOn.delete(other);
      }
      for (const other of list) this.listOn(other, id);
    }
    if (list.length === 0) this.lists.delete(id);
    else this.lists.set(id, list);
  }

  /** Ranks tool `id` against the index as it stands. */
  rank(id: number, limit = ALTERNATIVES_LIMIT): Match[] {
    const f = this.tools.get(id);
    return f ? rankAlternatives(f, this, limit) : [];
  }

  /** What `y` shares with `x` (both in the index), or null. */
  match(x: number, y: number): Match | null {
    const fx = this.tools.get(x);
    const fy = this.tools.get(y);
    return fx && fy ? match(fx, fy, this) : null;
  }
}

type Rows = Record<string, unknown>[];

async function query(db: Db, sql: string, args: InValue[] = []): Promise<Rows> {
  return (await db.$client.execute({ sql, args })).rows as unknown as Rows;
}

/** Runs `sql` (with `(?)` standing for a list) over `values` in slices SQLite accepts. */
async function inSlices<T extends InValue>(db: Db, sql: string, values: T[], args: InValue[] = []): Promise<Rows> {
  const out: Rows = [];
  for (let i = 0; i < values.length; i += 500) {
    const slice = values.slice(i, i + 500);
    out.push(...(await query(db, sql.replace("(?)", `(${slice.map(() => "?").join(",")})`), [...slice, ...args])));
  }
  return out;
}

/** The weight steps of these words now, by the search index's vocabulary (absent: they do not count). */
export async function wordSteps(db: Db, words: string[]): Promise<Map<string, number>> {
  const steps = new Map<string, number>();
  const rows = await inSlices(db, "SELECT term, doc FROM tools_vocab WHERE term IN (?)", [...new Set(words)]);
  for (const r of rows) {
    const step = termStep(Number(r.doc));
    if (step !== null) steps.set(String(r.term), step);
  }
  return steps;
}

type ToolRow = { id: number; slug: string; category: number | null; pricing: string; description: string };
const toolRow = (r: Record<string, unknown>): ToolRow => ({
  id: Number(r.id),
  slug: String(r.slug),
  category: r.category_id == null ? null : Number(r.category_id),
  pricing: String(r.pricing_type),
  description: String(r.description ?? ""),
});

/**
 * The features of every tool, with the word steps they were ranked by, and every tool ranked:
 * what a full build shows (four queries, whatever the size of the directory).
 */
export async function loadAlternativesIndex(db: Db): Promise<AlternativesIndex> {
  const [tools, tags, vocab] = await Promise.all([
    query(
      db,
      `SELECT id, slug, category_id, pricing_type, description FROM tools t WHERE ${publicToolSql("t")} ORDER BY id`,
    ),
    query(db, "SELECT tool_id, tag_id FROM tool_tags ORDER BY tool_id, tag_id"),
    query(db, "SELECT term, doc FROM tools_vocab WHERE doc BETWEEN 2 AND ?", [TERM_MAX_TOOLS]),
  ]);
  const steps = new Map<string, number>();
  for (const r of vocab) {
    const term = String(r.term);
    if (isDescriptionWord(term)) steps.set(term, termStep(Number(r.doc)) as number);
  }
  const tagsOf = new Map<number, number[]>();
  for (const r of tags) {
    const id = Number(r.tool_id);
    const list = tagsOf.get(id) ?? [];
    list.push(Number(r.tag_id));
    tagsOf.set(id, list);
  }
  const step = (term: string) => steps.get(term) ?? null;
  const features = tools.map((r) => {
    const t = toolRow(r);
    return { ...featuresOf(t, tagsOf.get(t.id) ?? []), terms: distinctiveTerms(t.description, step) };
  });
  return AlternativesIndex.build(features, steps);
}

const featuresOf = (t: ToolRow, tags: number[]): AltFeatures => ({
  id: t.id,
  slug: t.slug,
  category: t.category,
  pricing: t.pricing,
  tags: [...tags].sort((a, b) => a - b),
  terms: [],
});

/**
 * The current features of some tools (ids missing from the answer: deleted). Their words are
 * weighed by `steps`, or by the vocabulary as it is now when none is given; `steps` then says
 * the step of every word their descriptions hold that counts. `words`: all their descriptions' words.
 */
export async function loadFeatures(
  db: Db,
  ids: number[],
  steps?: (term: string) => number | null,
): Promise<{ features: Map<number, AltFeatures>; steps: Map<string, number>; words: Set<string> }> {
  const unique = [...new Set(ids)];
  const [tools, tags] = await Promise.all([
    inSlices(
      db,
      `SELECT id, slug, category_id, pricing_type, description FROM tools t WHERE id IN (?) AND ${publicToolSql("t")}`,
      unique,
    ),
    inSlices(db, "SELECT tool_id, tag_id FROM tool_tags WHERE tool_id IN (?)", unique),
  ]);
  const tagsOf = new Map<number, number[]>();
  for (const r of tags) {
    const list = tagsOf.get(Number(r.tool_id)) ?? [];
    list.push(Number(r.tag_id));
    tagsOf.set(Number(r.tool_id), list);
  }
  const rows = tools.map(toolRow);
  const words = new Set(rows.flatMap((t) => descriptionWords(t.description)));
  const current = steps ? new Map<string, number>() : await wordSteps(db, [...words]);
  const step = steps ?? ((term: string) => current.get(term) ?? null);
  const features = new Map<number, AltFeatures>();
  for (const t of rows) {
    features.set(t.id, { ...featuresOf(t, tagsOf.get(t.id) ?? []), terms: distinctiveTerms(t.description, step) });
  }
  return { features, steps: current, words };
}

/** The tools whose name, description or category name holds `word` (the search index's own match). */
export async function toolsUsing(db: Db, word: string): Promise<number[]> {
  const rows = await query(db, "SELECT rowid AS id FROM tools_fts WHERE tools_fts MATCH ?", [
    `"${word.replace(/"/g, '""')}"`,
  ]);
  return rows.map((r) => Number(r.id));
}

/** Tag names by id. */
export async function tagNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await inSlices(db, "SELECT id, name FROM tags WHERE id IN (?)", [...new Set(ids)]);
  return new Map(rows.map((r) => [Number(r.id), String(r.name)]));
}

/** The reasons of a match, in words (lib/alternatives.ts), for tool `x`'s pricing. */
export function reasonsOf(m: Match, pricing: string, names: Map<number, string>): string[] {
  return reasonTexts({
    tags: m.tags.map((t) => names.get(t) ?? ""),
    category: m.category,
    terms: m.terms,
    pricing: m.pricing ? pricing : null,
  });
}

/** Tag holdings of published tools only: hidden tools weigh nothing in a ranking. */
const PUBLIC_TOOL_TAGS = `tool_tags JOIN tools t ON t.id = tool_tags.tool_id AND ${publicToolSql("t")}`;

/** One ranked alternative as the API answers it: the tool, its score and why it matches. */
export type Alternative = Tool & { score: number; reasons: string[] };

/**
 * Tool `id`'s alternatives computed from the database alone (the API; no index in memory):
 * the same ranking the pages show, reading only the tools that can share something with it.
 * Null when there is no such tool.
 */
export async function alternativesFor(db: Db, id: number, limit = ALTERNATIVES_LIMIT): Promise<Alternative[] | null> {
  const [row] = await query(
    db,
    `SELECT id, slug, category_id, pricing_type, description FROM tools t WHERE id = ? AND ${publicToolSql("t")}`,
    [id],
  );
  if (!row) return null;
  const t = toolRow(row);
  const ownTags = (await query(db, "SELECT tag_id FROM tool_tags WHERE tool_id = ?", [id])).map((r) =>
    Number(r.tag_id),
  );
  const steps = await wordSteps(db, descriptionWords(t.description));
  const x: AltFeatures = {
    ...featuresOf(t, ownTags),
    terms: distinctiveTerms(t.description, (w) => steps.get(w) ?? null),
  };

  // Holders of its tags that count, and of its distinctive words (their own words weighed anew).
  const counts = new Map<number, number>();
  for (const r of await inSlices(
    db,
    `SELECT tag_id, count(*) AS n FROM ${PUBLIC_TOOL_TAGS} WHERE tag_id IN (?) GROUP BY tag_id`,
    x.tags,
  )) {
    counts.set(Number(r.tag_id), Number(r.n));
  }
  const countingTags = x.tags.filter((tag) => tagStep(counts.get(tag) ?? 0) !== null);
  const byTag = new Map<number, number[]>();
  for (const r of await inSlices(
    db,
    `SELECT tool_id, tag_id FROM ${PUBLIC_TOOL_TAGS} WHERE tag_id IN (?)`,
    countingTags,
  )) {
    const list = byTag.get(Number(r.tag_id)) ?? [];
    list.push(Number(r.tool_id));
    byTag.set(Number(r.tag_id), list);
  }
  const usingWord = new Map<string, number[]>();
  for (const term of x.terms) {
    const rows = await query(db, "SELECT rowid AS id FROM tools_fts WHERE tools_fts MATCH ?", [
      `description : "${term.replace(/"/g, '""')}"`,
    ]);
    usingWord.set(
      term,
      rows.map((r) => Number(r.id)),
    );
  }
  const wordHolders = [...new Set([...usingWord.values()].flat())].filter((other) => other !== id);
  const tagHolders = [...new Set([...byTag.values()].flat())].filter((other) => other !== id);
  const near = await loadFeatures(db, wordHolders);
  // The other holders of its tags use none of its distinctive words, so none of theirs can
  // match: their category, pricing and which of its tags they hold say all.
  const heldTags = new Map<number, number[]>();
  for (const [tag, holders] of byTag)
    for (const holder of holders) heldTags.set(holder, [...(heldTags.get(holder) ?? []), tag]);
  const plain = tagHolders.filter((other) => !near.features.has(other));
  const found = new Map<number, AltFeatures>(near.features);
  for (const r of await inSlices(db, "SELECT id, category_id, pricing_type FROM tools WHERE id IN (?)", plain)) {
    const other = Number(r.id);
    found.set(other, {
      id: other,
      slug: "",
      category: r.category_id == null ? null : Number(r.category_id),
      pricing: String(r.pricing_type),
      tags: (heldTags.get(other) ?? []).sort((a, b) => a - b),
      terms: [],
    });
  }
  const byTerm = new Map<string, number[]>();
  for (const f of near.features.values()) {
    for (const term of f.terms) byTerm.set(term, [...(byTerm.get(term) ?? []), f.id]);
  }
  const members =
    x.category === null
      ? []
      : await query(
          db,
          `SELECT id, pricing_type FROM tools t WHERE category_id = ? AND ${publicToolSql("t")} ORDER BY id`,
          [x.category],
        );
  const memberIds = members.map((r) => Number(r.id));
  for (const r of members) {
    const other = Number(r.id);
    if (!found.has(other))
      found.set(other, {
        id: other,
        slug: "",
        category: x.category,
        pricing: String(r.pricing_type),
        tags: [],
        terms: [],
      });
  }
  found.set(id, x);
  const universe: Universe = {
    features: (other) => found.get(other),
    tagCount: (tag) => counts.get(tag) ?? 0,
    termStep: (term) => steps.get(term) ?? null,
    tagTools: (tag) => byTag.get(tag) ?? [],
    termTools: (term) => byTerm.get(term) ?? [],
    categoryTools: () => memberIds,
  };
  const ranked = rankAlternatives(x, universe, limit);
  if (ranked.length === 0) return [];
  const tools = await inSlices(
    db,
    `SELECT t.*, c.name AS category_name, c.slug AS category_slug FROM tools t
      LEFT JOIN categories c ON c.id = t.category_id WHERE t.id IN (?) AND ${publicToolSql("t")}`,
    ranked.map((m) => m.id),
  );
  const byId = new Map(tools.map((r) => [Number(r.id), toTool(r)]));
  const names = await tagNames(
    db,
    ranked.flatMap((m) => m.tags),
  );
  return ranked.flatMap((m) => {
    const tool = byId.get(m.id);
    return tool ? [{ ...tool, score: scoreOf(m.points), reasons: reasonsOf(m, t.pricing, names) }] : [];
  });
}
