import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { Discovery } from "../db/queries/discovery";
import type { Tool } from "../db/queries/rows";
import { createTool, deleteTool, getTool, updateTool } from "../db/queries/tools";
import { comparisons, PRICING_TYPES, tags, toolTags } from "../db/schema";
import { freshDb } from "../db/testing";
import { MIN_ALTERNATIVES, SIMILAR_TOOLS } from "../ranking/alternatives";
import { planDiscovery } from "./discovery";

/** Deterministic pseudo-random numbers (the same changes on every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "canvas brush podcast transcript subtitle caption invoice ledger sketch palette melody chord lyric storyboard avatar dubbing spreadsheet pivot chart contract clause tutor quiz flashcard".split(
    " ",
  );

let db: Db;
let close: () => void;
const rand = random(Number(process.env.DISCOVERY_SEED ?? 20261123));
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
const description = () => Array.from({ length: 3 + Math.floor(rand() * 5) }, () => pick(WORDS)).join(" ");
const categories: number[] = [];
let tagIds: number[] = [];

beforeAll(async () => {
  ({ db, close } = await freshDb());
  for (const name of ["Design", "Audio", "Finance"]) {
    categories.push((await createCategory(db, { name, slug: name.toLowerCase() })).id);
  }
  tagIds = (
    await db
      .insert(tags)
      .values(
        ["Art", "Voice", "Money", "Music", "Learning", "Video"].map((name) => ({ name, slug: name.toLowerCase() })),
      )
      .returning()
  ).map((t) => t.id);
  for (let i = 0; i < 24; i++) {
    const tool = await createTool(
      db,
      {
        name: `Tool ${i}`,
        description: description(),
        category_id: pick(categories),
        pricing_type: pick(PRICING_TYPES),
      },
      null,
    );
    for (const tag of tagIds) if (rand() < 0.3) await db.insert(toolTags).values({ tool_id: tool.id, tag_id: tag });
  }
  await db.$client.execute("UPDATE tools SET saves_count = id % 5");
});
afterAll(() => close());

/** What each tool's pages show of discovery, to find the pages a change moved. */
function shown(d: Discovery) {
  const tool = new Map<number, string>();
  const alternatives = new Map<number, string>();
  for (const id of d.index.ids()) {
    const list = d.index.list(id);
    // Pages show why each alternative matches, not its points.
    const detail = (other: number) => {
      const m = d.index.match(id, other);
      return [other, m && [m.tags, m.category, m.pricing, m.terms]];
    };
    const compares = d
      .comparisonsOf(id)
      .map((p) => p.key)
      .sort();
    tool.set(id, JSON.stringify([list.slice(0, SIMILAR_TOOLS).map(detail), list.length >= MIN_ALTERNATIVES, compares]));
    if (list.length >= MIN_ALTERNATIVES) alternatives.set(id, JSON.stringify([list.map(detail), compares]));
  }
  return { tool, alternatives };
}

type Change = { what: string; changed: Tool[] };

async function randomChange(): Promise<Change> {
  const ids = (await db.$client.execute("SELECT id FROM tools")).rows.map((r) => Number(r.id));
  const id = pick(ids);
  const before = (await getTool(db, { id })) as Tool;
  const after = async () => [before, (await getTool(db, { id })) as Tool];
  const roll = rand();
  if (roll < 0.2) {
    await updateTool(db, id, { description: description() });
    return { what: `describe ${id}`, changed: await after() };
  }
  if (roll < 0.35) {
    const tag = pick(tagIds);
    const has = (
      await db.$client.execute({ sql: "SELECT 1 FROM tool_tags WHERE tool_id = ? AND tag_id = ?", args: [id, tag] })
    ).rows.length;
    if (has)
      await db.$client.execute({ sql: "DELETE FROM tool_tags WHERE tool_id = ? AND tag_id = ?", args: [id, tag] });
    else await db.insert(toolTags).values({ tool_id: id, tag_id: tag });
    return { what: `${has ? "untag" : "tag"} ${id} with ${tag}`, changed: [before] };
  }
  if (roll < 0.5) {
    await updateTool(db, id, { category_id: pick([...categories, null]), pricing_type: pick(PRICING_TYPES) });
    return { what: `move ${id}`, changed: await after() };
  }
  if (roll < 0.6) {
    await updateTool(db, id, { name: `Renamed ${Math.floor(rand() * 1000)}` });
    return { what: `rename ${id}`, changed: await after() };
  }
  if (roll < 0.72) {
    const created = await createTool(
      db,
      {
        name: `New ${ids.length}`,
        description: description(),
        category_id: pick(categories),
        pricing_type: pick(PRICING_TYPES),
      },
      null,
    );
    for (const tag of tagIds) if (rand() < 0.3) await db.insert(toolTags).values({ tool_id: created.id, tag_id: tag });
    return { what: `create ${created.id}`, changed: [created] };
  }
  if (roll < 0.8 && ids.length > 12) {
    await deleteTool(db, id);
    return { what: `delete ${id}`, changed: [before] };
  }
  if (roll < 0.9) {
    const other = pick(ids.filter((o) => o !== id));
    const [a, b] = [Math.min(id, other), Math.max(id, other)];
    await db.insert(comparisons).values({ tool_a_id: a, tool_b_id: b, verdict_a: "x" }).onConflictDoNothing();
    return { what: `compare ${a} and ${b}`, changed: [before, (await getTool(db, { id: other })) as Tool] };
  }
  // Saves and an edit in one change: the pass takes the popular tools as they are then.
  await db.$client.execute({ sql: "UPDATE tools SET saves_count = saves_count + 7 WHERE id = ?", args: [id] });
  await updateTool(db, id, { description: `${before.description} ${pick(WORDS)}` });
  return { what: `save and edit ${id}`, changed: await after() };
}

describe("an incremental pass over alternatives and comparisons", () => {
  it("keeps what the pages show equal to a full computation, and plans every page that moved", async () => {
    let current = await Discovery.load(db);
    for (let step = 0; step < Number(process.env.DISCOVERY_STEPS ?? 80); step++) {
      const { what, changed } = await randomChange();
      const plan = await planDiscovery(db, current, changed);
      const full = await Discovery.load(db);
      expect(JSON.stringify(plan.next), `after ${step}: ${what}`).toBe(JSON.stringify(full));

      const before = shown(current);
      const after = shown(full);
      const slugOf = (id: number) => full.index.features(id)?.slug ?? "";
      for (const [id, page] of after.tool) {
        if (before.tool.get(id) !== page)
          expect(plan.scope.tools, `tool page ${id} after ${what}`).toContain(slugOf(id));
      }
      for (const [id, page] of after.alternatives) {
        if (before.alternatives.get(id) !== page)
          expect(plan.scope.alternatives, `alternatives page ${id} after ${what}`).toContain(slugOf(id));
      }
      for (const [id] of before.alternatives) {
        const slug = current.index.features(id)?.slug ?? "";
        if (!after.alternatives.has(id) || slugOf(id) !== slug)
          expect(plan.remove, `alternatives page ${id} after ${what}`).toContain(`/alternatives/${slug}`);
      }
      for (const page of current.pages) {
        if (!full.page(page.key)) expect(plan.remove).toContain(`/compare/${page.key}`);
      }
      for (const page of full.pages) {
        if (!current.page(page.key)) expect(plan.scope.comparisons).toContain(page.key);
      }
      current = plan.next;
    }
  });

  it("leaves the discovery it was given as it was", async () => {
    const current = await Discovery.load(db);
    const saved = JSON.stringify(current);
    const [first] = current.index.ids();
    const tool = (await getTool(db, { id: first as number })) as Tool;
    await updateTool(db, tool.id, { description: "canvas canvas brush quiz" });
    await planDiscovery(db, current, [tool]);
    expect(JSON.stringify(current)).toBe(saved);
  });
});
