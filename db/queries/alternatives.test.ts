import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REASON_SEPARATOR } from "../../lib/alternatives";
import { reasonsOf } from "../../ranking/alternatives";
import type { AlternativesIndex } from "../../ranking/alternatives-index";
import { isDescriptionWord } from "../../ranking/description-words";
import type { Db } from "../client";
import { isEnglishWord } from "../english-words";
import { type PricingType, tags, toolTags } from "../schema";
import { freshDb } from "../testing";
import { alternativesFor, loadAlternativesIndex } from "./alternatives";
import { createCategory } from "./categories";
import { createTool } from "./tools";

let db: Db;
let close: () => void;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ({ db, close } = await freshDb());
  const images = (await createCategory(db, { name: "Image Generation", slug: "image-generation" })).id;
  const design = (await createCategory(db, { name: "Design", slug: "design" })).id;
  const audio = (await createCategory(db, { name: "Audio", slug: "audio" })).id;
  const tool = async (
    name: string,
    description: string,
    category_id: number,
    pricing_type: PricingType = "freemium",
  ) => {
    ids[name] = (await createTool(db, { name, description, category_id, pricing_type }, null)).id;
  };
  await tool("Pixel Forge", "Turns text prompts into pictures and concept art.", images);
  await tool("Dream Canvas", "Paints artwork in many styles.", images, "paid");
  await tool("Render Room", "Generates product photos.", images, "paid");
  // In another category, but sharing two rare tags with Pixel Forge.
  await tool("Sketch Mate", "Draws concept art from prompts.", design);
  await tool("Palette Pro", "Picks colour schemes.", design);
  await tool("Voice Box", "Reads text aloud with natural voices.", audio, "free");
  await tool("Podcast Polish", "Cleans podcast recordings and removes noise.", audio, "free");
  await tool("Noise Gate", "Removes background noise from podcast recordings.", audio, "paid");
  const [art, generation, common] = await db
    .insert(tags)
    .values([
      { slug: "art", name: "Art" },
      { slug: "image-generation", name: "Image generation" },
      { slug: "everything", name: "Everything" },
    ])
    .returning();
  const tag = (tool: string, tagId: number | undefined) => ({ tool_id: ids[tool] as number, tag_id: tagId as number });
  await db
    .insert(toolTags)
    .values([
      tag("Pixel Forge", art?.id),
      tag("Pixel Forge", generation?.id),
      tag("Sketch Mate", art?.id),
      tag("Sketch Mate", generation?.id),
      tag("Dream Canvas", common?.id),
      tag("Pixel Forge", common?.id),
    ]);
});
afterAll(() => close());

const names = (list: { name: string }[]) => list.map((t) => t.name);

describe("a tool's alternatives", () => {
  it("rank a tool sharing two rare tags above one only in the same category", async () => {
    const list = await alternativesFor(db, ids["Pixel Forge"] as number);
    expect(names(list ?? []).slice(0, 2)).toEqual(["Sketch Mate", "Dream Canvas"]);
    expect(names(list ?? [])).toEqual(expect.arrayContaining(["Render Room"]));
    // Palette Pro shares nothing: not an alternative at all.
    expect(names(list ?? [])).not.toContain("Palette Pro");
  });

  it("say why each one matches, strongest reason first", async () => {
    const list = (await alternativesFor(db, ids["Pixel Forge"] as number)) ?? [];
    const sketch = list.find((t) => t.name === "Sketch Mate");
    expect(sketch?.reasons.join(REASON_SEPARATOR)).toBe(
      "Shares tags: Art, Image generation · Both mention “art”, “concept” and “prompts” · Also has a free plan",
    );
    expect(list.find((t) => t.name === "Render Room")?.reasons).toEqual(["Also in Image Generation"]);
    expect(list.find((t) => t.name === "Dream Canvas")?.reasons).toEqual([
      "Shares tag: Everything",
      "Also in Image Generation",
    ]);
    expect(sketch?.score).toBeGreaterThan(list.find((t) => t.name === "Dream Canvas")?.score ?? 99);
  });

  it("count distinctive description words across categories", async () => {
    const list = (await alternativesFor(db, ids["Podcast Polish"] as number)) ?? [];
    expect(names(list)[0]).toBe("Noise Gate");
    expect(list[0]?.reasons).toEqual(["Also in Audio", "Both mention “noise”, “podcast” and “recordings”"]);
    // Same category, same pricing, nothing else in common: after the tool sharing words.
    expect(names(list)).toEqual(["Noise Gate", "Voice Box"]);
  });

  it("answer null for an unknown tool and the same lists as the index a build ranks", async () => {
    expect(await alternativesFor(db, 999_999)).toBeNull();
    const index = await loadAlternativesIndex(db);
    for (const id of Object.values(ids)) {
      const fromDb = ((await alternativesFor(db, id)) ?? []).map((t) => t.id);
      expect(fromDb, `tool ${id}`).toEqual(index.list(id));
    }
  });
});

describe("an index's record of which lists hold a tool", () => {
  const holders = (index: AlternativesIndex, id: number) => [...index.listing(id)].sort((a, b) => a - b);
  const expected = (index: AlternativesIndex, id: number) =>
    [...index.ids()].filter((other) => index.list(other).includes(id)).sort((a, b) => a - b);

  it("follows the lists as they are set, in a copy without touching the original", async () => {
    const index = await loadAlternativesIndex(db);
    const forge = ids["Pixel Forge"] as number;
    const sketch = ids["Sketch Mate"] as number;
    const voice = ids["Voice Box"] as number;
    expect(holders(index, forge)).toEqual(expected(index, forge));
    expect(holders(index, forge)).toContain(sketch);

    const copy = index.clone();
    copy.setList(sketch, [voice]);
    copy.setList(voice, [forge, sketch]);
    for (const id of Object.values(ids)) expect(holders(copy, id), `tool ${id}`).toEqual(expected(copy, id));
    expect(holders(copy, forge)).not.toContain(sketch);
    expect(holders(copy, voice)).toContain(sketch);
    // The original still answers for its own lists.
    for (const id of Object.values(ids)) expect(holders(index, id), `tool ${id}`).toEqual(expected(index, id));

    copy.remove(voice);
    expect(holders(copy, forge)).not.toContain(voice);
    expect(holders(copy, sketch)).toEqual(expected(copy, sketch));
  });

  it("is made when first asked, also after lists changed before that", async () => {
    const index = await loadAlternativesIndex(db);
    const forge = ids["Pixel Forge"] as number;
    const noise = ids["Noise Gate"] as number;
    index.setList(noise, [forge]);
    expect(holders(index, forge)).toEqual(expected(index, forge));
    expect(holders(index, forge)).toContain(noise);
  });
});

describe("why an alternative matches, in a visitor's words", () => {
  it("names the shared category and pricing, and shared words only when two or more are real words", async () => {
    // Words every kind of tool says are not what two tools share.
    expect(["several", "subscription", "various"].filter(isDescriptionWord)).toEqual([]);
    const match = { id: 1, points: 1, tags: [], category: true, terms: ["gpt4o", "server"], pricing: true };
    expect(reasonsOf(match, "free trial", new Map(), { categoryName: "Coding", isWord: isEnglishWord })).toEqual([
      "Also in Coding",
      "Also offers a free trial",
    ]);
    const words = { ...match, terms: ["server", "backups"] };
    expect(reasonsOf(words, "paid", new Map(), { categoryName: null, isWord: isEnglishWord })).toEqual([
      "Same category",
      "Both mention “server” and “backups”",
      "Also paid",
    ]);
  });
});
