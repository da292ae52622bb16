import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { freshDb } from "../testing";
import { ListParamsError, listPage } from "./admin-list";
import { articleList, createArticle } from "./articles";
import { categoryList, createCategory } from "./categories";
import { createTool, toolList } from "./tools";

let db: Db;
let close: () => void;
beforeAll(async () => {
  ({ db, close } = await freshDb());
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  const video = await createCategory(db, { name: "Video", slug: "video" });
  for (const [name, category, pricing] of [
    ["Alpha Writer", writing.id, "free"],
    ["beta writer", writing.id, "paid"],
    ["Gamma Video", video.id, "paid"],
    ["100% Video", video.id, "freemium"],
  ] as const) {
    await createTool(db, { name, category_id: category, pricing_type: pricing }, null);
  }
  await createArticle(db, { title: "Draft", slug: "draft" });
  await createArticle(db, { title: "Live", slug: "live", status: "published" });
});
afterAll(() => close());

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("admin lists", () => {
  it("sort case-insensitively by name and break ties by id", async () => {
    const { rows, total } = await listPage(db, toolList, { sort: ["name", "ASC"] });
    expect(names(rows)).toEqual(["100% Video", "Alpha Writer", "beta writer", "Gamma Video"]);
    expect(total).toBe(4);
  });

  it("page in SQL: the range's rows, the total of what the filters match", async () => {
    const page = await listPage(db, toolList, {
      range: [1, 2],
      sort: ["name", "DESC"],
      filter: { pricing_type: "paid" },
    });
    expect(names(page.rows)).toEqual(["beta writer"]);
    expect(page.total).toBe(2);
  });

  it("combine filters, and read % and _ in a search literally", async () => {
    expect(names((await listPage(db, toolList, { filter: { q: "writer", pricing_type: "free" } })).rows)).toEqual([
      "Alpha Writer",
    ]);
    expect(names((await listPage(db, toolList, { filter: { q: "100%" } })).rows)).toEqual(["100% Video"]);
    expect((await listPage(db, toolList, { filter: { q: "_" } })).total).toBe(0);
  });

  it("count each category's tools and sort by that count, ties by id in the same direction", async () => {
    const { rows } = await listPage(db, categoryList, { sort: ["tool_count", "DESC"] });
    expect(rows.map((c) => [c.name, c.tool_count])).toEqual([
      ["Video", 2],
      ["Writing", 2],
    ]);
  });

  it("filter articles by status and map booleans", async () => {
    const { rows } = await listPage(db, articleList, { filter: { status: "draft" } });
    expect(rows.map((a) => [a.title, a.is_template])).toEqual([["Draft", false]]);
  });

  it("refuse fields that are not listed, never building them into SQL", async () => {
    await expect(listPage(db, toolList, { sort: ["password_hash", "ASC"] })).rejects.toThrow(ListParamsError);
    await expect(listPage(db, toolList, { filter: { "1=1) OR (1": 1 } })).rejects.toThrow(ListParamsError);
    await expect(listPage(db, toolList, { filter: { pricing_type: { $ne: 1 } } })).rejects.toThrow(ListParamsError);
  });
});
