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
import { reasonTexts } from "../lib/alternatives";
import { MapTally, type Tally } from "./tally";
import { CATEGORY_POINTS, PRICING_POINTS, TEXT_CAP, tagPoints, tagStep, termPoints, type Weights } from "./weights";

/** How many alternatives a tool's list holds: its alternatives page shows them all. */
export const ALTERNATIVES_LIMIT = 10;
/** A tool page shows the first this many as its Similar Tools (SPEC §2). */
export const SIMILAR_TOOLS = 3;
/** A tool has an alternatives page once its list holds this many. */
export const MIN_ALTERNATIVES = 3;

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
export function firstAfter(ids: readonly number[], id: number): number {
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

/**
 * The reasons of a match, in words (lib/alternatives.ts), for tool `x`'s pricing and the
 * alternative's category. Only shared words that are real words (`isWord`) are named: a brand or
 * a code ("gpt4o") is distinctive but means nothing to a visitor.
 */
export function reasonsOf(
  m: Match,
  pricing: string,
  names: Map<number, string>,
  shown: { categoryName?: string | null; isWord: (word: string) => boolean },
): string[] {
  return reasonTexts({
    tags: m.tags.map((t) => names.get(t) ?? ""),
    category: m.category,
    categoryName: shown.categoryName ?? undefined,
    terms: m.terms.filter(shown.isWord),
    pricing: m.pricing ? pricing : null,
  });
}
