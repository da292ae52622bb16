/**
 * The incremental pass for alternatives and comparisons. A change to one tool can move it into
 * or out of other tools' lists, and can move the weight of a tag or word it holds, so the pages
 * it touches are not just its own. From what the live build shows (`Discovery`, kept by the
 * renderer and saved beside the build) and the database now, `planDiscovery` works out, with a
 * bounded number of reads:
 *
 * 1. the words whose tool counts the change may have moved (every word of the changed tools'
 *    indexed text, before and after; re-checked against the vocabulary until nothing moves), and
 *    the tools using a word whose weight step moved (at most TERM_MAX_TOOLS + a few per word);
 * 2. those tools' features now;
 * 3. the lists to rank again: the changed tools', those that listed them, those holding a tag or
 *    word whose weight step moved (at most TAG_MAX_TOOLS per tag), and those the changed tools
 *    now beat the last entry of (checked in memory against their tags, words and category);
 * 4. the pages whose content moved: tool pages whose first SIMILAR_TOOLS (or their cards)
 *    changed, alternatives pages whose list or listed tools changed, comparison pages of the
 *    changed tools or that came or went, and the sitemap.
 *
 * Ranking only ever moves through these, so the pages written equal a full build's
 * (rebuild/discovery.test.ts checks the index after random changes, rebuild/site-builder.test.ts
 * the pages).
 */
import type { Db } from "../db/client";
import { loadFeatures, toolsUsing, wordSteps } from "../db/queries/alternatives";
import type { ComparePage } from "../db/queries/comparisons";
import { Discovery } from "../db/queries/discovery";
import {
  alternativesPath,
  type SimilarCard,
  type SitemapEntry,
  similarCard,
  sitemapEntries,
} from "../db/queries/pages";
import { listTools } from "../db/queries/tools";
import { PRICING_TYPES } from "../lib/pricing";
import { sitemapChunks, sitemapPath } from "../lib/sitemap";
import { ALTERNATIVES_LIMIT, type AltFeatures, type Match, ranksBefore, SIMILAR_TOOLS } from "../ranking/alternatives";
import type { AlternativesIndex } from "../ranking/alternatives-index";
import { possibleIndexWords } from "../ranking/description-words";
import { tagStep } from "../ranking/weights";
import type { ChangedTool } from "./change";
import { type DiscoveryPlan, perPass } from "./scope";

const sameFeatures = (a: AltFeatures, b: AltFeatures) =>
  a.slug === b.slug &&
  a.category === b.category &&
  a.pricing === b.pricing &&
  a.tags.join() === b.tags.join() &&
  a.terms.join() === b.terms.join();

/** What a page shows of a match (its reasons are made of these). */
const shown = (m: Match | null) => (m ? [m.id, m.tags, m.category, m.pricing, m.terms] : null);

/** Whether tool `y`'s first `count` alternatives show the same in `a` as in `b`. */
function sameList(a: AlternativesIndex, b: AlternativesIndex, y: number, count = ALTERNATIVES_LIMIT): boolean {
  const before = a.list(y).slice(0, count);
  const after = b.list(y).slice(0, count);
  if (before.join() !== after.join()) return false;
  return before.every((z) => JSON.stringify(shown(a.match(y, z))) === JSON.stringify(shown(b.match(y, z))));
}

const cardOf = (t: SimilarCard) => JSON.stringify(similarCard(t));

/** A tool's pros and cons as one text, as the search index holds them. */
const indexedProsCons = (t: { pros_cons: { pros: string[]; cons: string[] } }) =>
  [...t.pros_cons.pros, ...t.pros_cons.cons].join(" ");

/** Re-weighs words against the vocabulary: those whose step moved, and the tools using them. */
class WordCheck {
  private readonly checked = new Set<string>();
  readonly moved = new Set<string>();
  constructor(
    private readonly db: Db,
    private readonly next: AlternativesIndex,
    readonly reweigh: Set<number>,
  ) {}

  /** Checks the words not checked yet; how many had moved. */
  async check(words: Iterable<string>): Promise<number> {
    const fresh = [...words].filter((w) => !this.checked.has(w));
    for (const w of fresh) this.checked.add(w);
    const steps = await wordSteps(this.db, fresh);
    let moved = 0;
    for (const w of fresh) {
      const step = steps.get(w) ?? null;
      if (step === this.next.termStep(w)) continue;
      this.next.setStep(w, step);
      this.moved.add(w);
      moved++;
      for (const id of await toolsUsing(this.db, w)) this.reweigh.add(id);
    }
    return moved;
  }
}

/**
 * Every sitemap entry with `shown` alternatives, read once per render pass (see perPass): the
 * planner needs their count, the sitemap's index and each of its files list them.
 */
export function passSitemapEntries(db: Db, shown: Discovery): Promise<SitemapEntry[]> {
  return perPass("sitemap", shown, () => sitemapEntries(db, shown));
}

/**
 * Plans the alternatives and comparison pages of an incremental pass over `changed` (the tools
 * as they were; their ids say which changed). `current` is left as it is.
 */
export async function planDiscovery(db: Db, current: Discovery, changed: ChangedTool[]): Promise<DiscoveryPlan> {
  const old = current.index;
  const next = old.clone();
  const ids = [...new Set(changed.map((t) => t.id))];
  const before = new Map<number, ChangedTool>();
  for (const t of changed) if (!before.has(t.id)) before.set(t.id, t);
  // As pages show them now (with the site's copy of each logo); a deleted tool is absent.
  const found = ids.length ? await listTools(db, { ids, limit: ids.length, offset: 0 }) : [];
  const now = new Map<number, SimilarCard>(found.map((t) => [t.id, similarCard(t)]));

  // 1-2. Words whose weight moved, and the features of every tool that may have changed.
  const words = new WordCheck(db, next, new Set(ids));
  // The index also holds tags and the pricing type: a tool that comes or goes moves their words'
  // counts too (a deleted tool's pricing is not reported, so every pricing word is checked).
  await words.check([
    ...[...changed, ...now.values()].flatMap((t) =>
      possibleIndexWords(`${t.name} ${t.description} ${t.category_name ?? ""}`),
    ),
    ...changed.flatMap((t) => (t.tags ?? []).flatMap((g) => possibleIndexWords(g.slug.replace(/-/g, " ")))),
    ...found.flatMap((t) => possibleIndexWords(`${t.tags.map((g) => g.name).join(" ")} ${indexedProsCons(t)}`)),
    ...possibleIndexWords(PRICING_TYPES.join(" ")),
  ]);
  let features: Map<number, AltFeatures>;
  for (;;) {
    const loaded = await loadFeatures(db, [...words.reweigh], (w) => next.termStep(w));
    if ((await words.check(loaded.words)) === 0) {
      features = loaded.features;
      break;
    }
  }
  const featureChanged = new Set<number>();
  for (const id of words.reweigh) {
    const f = features.get(id);
    const o = old.features(id);
    if (!f) {
      if (o) next.remove(id);
      if (o) featureChanged.add(id);
    } else if (!o || !sameFeatures(o, f)) {
      next.put(f);
      featureChanged.add(id);
    }
  }

  // 3. The lists to rank again.
  const rerank = new Set<number>();
  const tags = new Set<number>();
  for (const id of featureChanged) {
    rerank.add(id);
    for (const y of old.listing(id)) rerank.add(y);
    for (const tag of [...(old.features(id)?.tags ?? []), ...(next.features(id)?.tags ?? [])]) tags.add(tag);
  }
  for (const tag of tags) {
    if (tagStep(old.tagCount(tag)) === tagStep(next.tagCount(tag))) continue;
    for (const y of old.tagTools(tag)) rerank.add(y);
    for (const y of next.tagTools(tag)) rerank.add(y);
  }
  for (const w of words.moved) {
    for (const y of old.termTools(w)) rerank.add(y);
    for (const y of next.termTools(w)) rerank.add(y);
  }
  for (const id of featureChanged) {
    const f = next.features(id);
    if (!f) continue;
    const near = new Set<number>();
    for (const tag of f.tags) if (tagStep(next.tagCount(tag)) !== null) for (const y of next.tagTools(tag)) near.add(y);
    for (const term of f.terms) for (const y of next.termTools(term)) near.add(y);
    if (f.category !== null) for (const y of next.categoryTools(f.category)) near.add(y);
    for (const y of near) {
      if (y === id || rerank.has(y)) continue;
      const m = next.match(y, id);
      if (!m) continue;
      const list = next.list(y);
      const last = list.length < ALTERNATIVES_LIMIT ? null : next.match(y, list[ALTERNATIVES_LIMIT - 1] as number);
      if (list.length < ALTERNATIVES_LIMIT || !last || ranksBefore(y, m, last)) rerank.add(y);
    }
  }
  const listMoved = new Set<number>();
  for (const y of rerank) {
    if (!next.features(y)) continue;
    next.setList(
      y,
      next.rank(y).map((m) => m.id),
    );
    if (!sameList(old, next, y)) listMoved.add(y);
  }
  const after = await Discovery.around(db, next);

  // 4. The pages whose content moved.
  const toolPages = new Set<number>(ids);
  const altPages = new Set<number>(ids);
  for (const y of listMoved) {
    altPages.add(y);
    if (!sameList(old, next, y, SIMILAR_TOOLS)) toolPages.add(y);
  }
  // Tools whose alternatives page came or went: their pages and comparison pages link to it.
  const altPageMoved = new Set<number>();
  for (const y of [...rerank, ...featureChanged]) {
    if (current.hasAlternativesPage(y) === after.hasAlternativesPage(y)) continue;
    toolPages.add(y);
    altPages.add(y);
    altPageMoved.add(y);
  }
  const cardMoved = new Set(
    ids.filter((id) => !now.has(id) || cardOf(now.get(id) as SimilarCard) !== cardOf(before.get(id) as SimilarCard)),
  );
  for (const id of ids) {
    for (const y of [...old.listing(id), ...next.listing(id)]) {
      // An alternatives page shows a listed tool's pricing, rating and saves: any change counts.
      altPages.add(y);
      const onTop =
        old.list(y).slice(0, SIMILAR_TOOLS).includes(id) || next.list(y).slice(0, SIMILAR_TOOLS).includes(id);
      if (onTop && cardMoved.has(id)) toolPages.add(y);
    }
  }
  const comparisons = new Set<string>();
  const remove = new Set<string>();
  const both = (p: ComparePage) => {
    for (const id of [p.a, p.b]) {
      toolPages.add(id);
      altPages.add(id);
    }
  };
  const known = new Map(current.pages.map((p) => [p.key, p]));
  const kept = new Map(after.pages.map((p) => [p.key, p]));
  for (const [key, p] of known) {
    if (kept.has(key)) continue;
    remove.add(`/compare/${key}`);
    both(p);
  }
  const changedIds = new Set(ids);
  for (const [key, p] of kept) {
    const was = known.get(key);
    const involved = changedIds.has(p.a) || changedIds.has(p.b);
    const linkMoved = altPageMoved.has(p.a) || altPageMoved.has(p.b);
    if (!was || was.a !== p.a || was.b !== p.b || was.admin !== p.admin) both(p);
    if (!was || was.a !== p.a || was.b !== p.b || was.admin !== p.admin || involved || linkMoved) comparisons.add(key);
    if (involved && (cardMoved.has(p.a) || cardMoved.has(p.b))) both(p);
  }
  for (const p of current.pages) if (cardMoved.has(p.a) || cardMoved.has(p.b)) both(p);

  const slugOf = (index: AlternativesIndex, id: number) => index.features(id)?.slug;
  const alternatives = new Set<string>();
  for (const y of altPages) {
    const oldSlug = current.hasAlternativesPage(y) ? slugOf(old, y) : undefined;
    const newSlug = after.hasAlternativesPage(y) ? slugOf(next, y) : undefined;
    if (newSlug) alternatives.add(newSlug);
    if (oldSlug && oldSlug !== newSlug) remove.add(alternativesPath(oldSlug));
  }
  const toolSlugs = [...toolPages].flatMap((id) => slugOf(next, id) ?? []);
  const paths = [
    ...toolSlugs.map((slug) => `/tool/${slug}`),
    ...[...alternatives].map(alternativesPath),
    ...[...comparisons].map((key) => `/compare/${key}`),
    "/sitemap-index.xml",
    ...Array.from({ length: sitemapChunks(await passSitemapEntries(db, after)) }, (_, n) => sitemapPath(n)),
  ];
  // A path written in this pass is not removed (a slug or key taken over by another record).
  for (const path of paths) remove.delete(path);
  return {
    next: after,
    paths,
    remove: [...remove],
    scope: { tools: toolSlugs, alternatives: [...alternatives], comparisons: [...comparisons] },
  };
}
