import { describe, expect, it } from "vitest";
import { MAX_PAGE, pagedQuery } from "../../lib/view-filters";
import { filtersQuery, indexing, NO_FILTERS, readFilters, readPage, toggled } from "./filters";

describe("a directory view in the address", () => {
  it("reads back the address it writes, defaults left out", () => {
    const view = {
      search: "notes app",
      category: "writing",
      pricing: "free trial",
      tags: ["api", "mobile-app"],
      sort: "rating" as const,
    };
    const query = filtersQuery(view);
    expect(query).toBe("?search=notes+app&category=writing&pricing=free+trial&tag=api,mobile-app&sort=rating");
    expect(readFilters(query)).toEqual(view);
    expect(filtersQuery(NO_FILTERS)).toBe("");
    expect(filtersQuery(readFilters("?pricing=all&sort=&tag="))).toBe("");
  });

  it("leaves anything unknown or malformed at its default", () => {
    expect(readFilters("?sort=popular&pricing=cheap&tag=,,A%20B,a-b,<x>&category=%22")).toEqual({
      ...NO_FILTERS,
      tags: ["ab", "a-b", "x"],
    });
    expect(readFilters(`?tag=${Array.from({ length: 30 }, (_, i) => `t${i}`).join(",")}`).tags).toHaveLength(10);
    expect(readFilters(`?search=${"x".repeat(500)}`).search).toHaveLength(200);
  });

  it("toggles a tag in and out of the view", () => {
    expect(toggled(["a"], "b")).toEqual(["a", "b"]);
    expect(toggled(["a", "b"], "a")).toEqual(["b"]);
  });

  it("indexes the unfiltered pages, and on a category page one tag or one pricing type alone", () => {
    expect(indexing(NO_FILTERS, "home")).toEqual({ index: true, canonicalQuery: "" });
    expect(indexing({ ...NO_FILTERS, tags: ["api"] }, "home")).toEqual({ index: false, canonicalQuery: "" });
    expect(indexing({ ...NO_FILTERS, tags: ["api"] }, "category")).toEqual({ index: true, canonicalQuery: "?tag=api" });
    expect(indexing({ ...NO_FILTERS, pricing: "free" }, "category")).toEqual({
      index: true,
      canonicalQuery: "?pricing=free",
    });
    for (const view of [
      { ...NO_FILTERS, tags: ["api", "voice"] },
      { ...NO_FILTERS, tags: ["api"], pricing: "free" },
      { ...NO_FILTERS, tags: ["api"], sort: "newest" as const },
      { ...NO_FILTERS, sort: "name" as const },
    ]) {
      expect(indexing(view, "category"), filtersQuery(view)).toEqual({ index: false, canonicalQuery: "" });
    }
  });

  it("keeps the loaded pages after the filters, and never indexes them", () => {
    expect(pagedQuery(NO_FILTERS, 0)).toBe("");
    expect(pagedQuery(NO_FILTERS, 2)).toBe("?page=3");
    expect(pagedQuery({ ...NO_FILTERS, search: "notes" }, 3)).toBe("?search=notes&page=4");
    expect(readPage("?search=notes&page=4")).toBe(3);
    expect(readPage("?page=-4")).toBe(0);
    expect(readPage("?page=x")).toBe(0);
    expect(readPage("?page=9999")).toBe(MAX_PAGE);
    expect(indexing({ ...NO_FILTERS, page: 2 }, "home")).toEqual({ index: false, canonicalQuery: "" });
    expect(indexing({ ...NO_FILTERS, tags: ["api"], page: 1 }, "category")).toEqual({
      index: false,
      canonicalQuery: "",
    });
  });
});
