/**
 * The database side of alternatives (ranking/alternatives.ts): the features and word weights a
 * ranking reads, and one tool's alternatives ranked from the database alone (the API).
 */
import type { InValue } from "@libsql/client";
import {
  ALTERNATIVES_LIMIT,
  type AltFeatures,
  rankAlternatives,
  reasonsOf,
  type Universe,
} from "../../ranking/alternatives";
import { AlternativesIndex } from "../../ranking/alternatives-index";
import { descriptionWords, distinctiveTerms, isDescriptionWord } from "../../ranking/description-words";
import { scoreOf, TERM_MAX_TOOLS, tagStep, termStep } from "../../ranking/weights";
import type { Db } from "../client";
import { isEnglishWord } from "../english-words";
import { type Tool, toTool } from "./rows";
import { publicToolSql } from "./visibility";

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

/** The tools whose indexed text (name, description, category, tags, pricing, pros/cons) holds `word`. */
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
    return tool
      ? [
          {
            ...tool,
            score: scoreOf(m.points),
            reasons: reasonsOf(m, t.pricing, names, { categoryName: tool.category_name, isWord: isEnglishWord }),
          },
        ]
      : [];
  });
}
