import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURED_PLACES } from "../../lib/limits";
import type { Db } from "../client";
import { freshDb } from "../testing";
import { createCategory } from "./categories";
import { createTool, listTools } from "./tools";

let db: Db;
let close: () => void;
let category: number;
const featured: number[] = [];
beforeAll(async () => {
  ({ db, close } = await freshDb());
  category = (await createCategory(db, { name: "Chatbots", slug: "chatbots" })).id;
  const tool = async (name: string, saves: number, is_featured: boolean) => {
    const made = await createTool(db, { name, category_id: category, pricing_type: "free", is_featured }, null);
    await db.$client.execute({ sql: "UPDATE tools SET saves_count = ? WHERE id = ?", args: [saves, made.id] });
    if (is_featured) featured.push(made.id);
    return made;
  };
  // As in the demo: the oldest tool is featured and nobody saved it (ChatGPT), then more
  // featured tools than FEATURED_PLACES, all more saved, among many saved unfeatured tools.
  await tool("Oldest Featured", 0, true);
  for (let i = 1; i <= 30; i++) await tool(`Regular ${i}`, i, false);
  for (let i = 1; i <= FEATURED_PLACES; i++) await tool(`Featured ${i}`, 5 + i, true);
});
afterAll(() => close());

const order = async (limit: number, offset = 0, categoryId?: number) =>
  (await listTools(db, { limit, offset, ...(categoryId ? { categoryId } : {}) })).map((t) => ({
    id: t.id,
    featured: t.is_featured,
  }));

describe("the default (Recommended) order with more featured tools than FEATURED_PLACES", () => {
  it("lists every featured tool before every other tool, none of them at the end", async () => {
    expect(featured.length).toBeGreaterThan(FEATURED_PLACES);
    for (const categoryId of [undefined, category]) {
      const list = await order(100, 0, categoryId);
      expect(list).toHaveLength(31 + FEATURED_PLACES);
      const firstRegular = list.findIndex((t) => !t.featured);
      expect(
        list
          .slice(0, firstRegular)
          .map((t) => t.id)
          .sort((a, b) => a - b),
      ).toEqual([...featured].sort((a, b) => a - b));
      expect(list.slice(firstRegular).every((t) => !t.featured)).toBe(true);
      expect(list.at(-1)?.featured).toBe(false);
    }
  });

  it("puts every featured tool on the first page, pages following the same order", async () => {
    const first = await order(12);
    expect(
      first
        .filter((t) => t.featured)
        .map((t) => t.id)
        .sort((a, b) => a - b),
    ).toEqual([...featured].sort((a, b) => a - b));
    const pages = [...first, ...(await order(12, 12)), ...(await order(12, 24))];
    expect(pages).toEqual(await order(100));
  });
});
