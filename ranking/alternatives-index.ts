import {
  ALTERNATIVES_LIMIT,
  type AltFeatures,
  firstAfter,
  type Match,
  match,
  rankAlternatives,
  type Universe,
} from "./alternatives";
import { ArrayTally, type Tally } from "./tally";

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
