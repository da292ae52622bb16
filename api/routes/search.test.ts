import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../db/queries/categories";
import { createTag } from "../../db/queries/tags";
import { createTool } from "../../db/queries/tools";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  const photo = (await createCategory(h.db, { name: "Photo Editing", slug: "photo-editing" })).id;
  await createTag(h.db, { name: "Photoshop Plugin" });
  for (const name of ["Photon", "PhotoRoom", "Phrase Bot", "photo-magic"]) {
    await createTool(h.db, { name, category_id: photo, pricing_type: "free" }, null);
  }
  await createTool(h.db, { name: "Photo Secret", pricing_type: "free" }, null, "pending");
});
afterAll(async () => h.close());

describe("GET /api/search/suggest", () => {
  it("suggests published tools by the start of their name, and categories and tags by any word", async () => {
    const res = await h.call("GET", "/api/search/suggest?q=PHOT");
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t: { name: string }) => t.name)).toEqual(["photo-magic", "Photon", "PhotoRoom"]);
    expect(res.body.categories).toEqual([{ name: "Photo Editing", slug: "photo-editing" }]);
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(["Photoshop Plugin"]);
    expect((await h.call("GET", "/api/search/suggest?q=edit")).body.categories).toHaveLength(1);
  });

  it("answers a too short query with nothing, LIKE wildcards as text, and a too long one with a 422", async () => {
    expect((await h.call("GET", "/api/search/suggest?q=p")).body).toEqual({ tools: [], categories: [], tags: [] });
    expect((await h.call("GET", "/api/search/suggest?q=%25%25")).body.categories).toEqual([]);
    const long = await h.call("GET", `/api/search/suggest?q=${"a".repeat(65)}`);
    expect(long.status).toBe(422);
    expect(long.body.detail).toMatch(/64/);
    expect((await h.call("GET", "/api/search/suggest")).status).toBe(422);
  });
});
