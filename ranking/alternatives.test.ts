import { describe, expect, it } from "vitest";
import { type AltFeatures, match } from "./alternatives";
import { descriptionWords } from "./description-words";
import { TAG_MAX_TOOLS, type Weights } from "./weights";

describe("the scoring function", () => {
  const tool = (id: number, over: Partial<AltFeatures> = {}): AltFeatures => ({
    id,
    slug: `t${id}`,
    category: 1,
    pricing: "free",
    tags: [],
    terms: [],
    ...over,
  });
  const weights = (holders: number): Weights => ({ tagCount: () => holders, termStep: () => 1 });

  it("weighs a rarer tag more, by powers of two, and ignores one on too many tools", () => {
    const x = tool(1, { tags: [7], category: 1 });
    const y = tool(2, { tags: [7], category: 2 });
    const points = (holders: number) => match(x, y, weights(holders))?.points ?? 0;
    expect(points(2)).toBeGreaterThan(points(4));
    expect(points(4)).toBe(points(7));
    expect(points(TAG_MAX_TOOLS)).toBeGreaterThan(0);
    expect(match(x, y, weights(TAG_MAX_TOOLS + 1))).toBeNull();
  });

  it("is symmetric, and the same pricing alone is no likeness", () => {
    const x = tool(1, { tags: [3, 4], terms: ["canvas"], category: 1 });
    const y = tool(9, { tags: [4], terms: ["canvas", "brush"], category: 1, pricing: "paid" });
    expect(match(x, y, weights(3))?.points).toBe(match(y, x, weights(3))?.points);
    expect(match(tool(1, { category: null }), tool(2, { category: null }), weights(3))).toBeNull();
  });

  it("reads words as the search index does", () => {
    expect(descriptionWords("Crée des **Vidéos** à partir de https://x.com, the 2024 tool").sort()).toEqual([
      "cree",
      "des",
      "partir",
      "videos",
    ]);
  });
});
