import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { freshDb } from "../testing";
import { createArticle, deleteArticle, generateFromTemplate, updateArticle } from "./articles";
import { createCategory, deleteCategory, updateCategory } from "./categories";
import { setToolStatus } from "./moderation";
import { claimSlugs, currentSlug, MAX_OLD_SLUGS, oldSlugs, recordSlugChange } from "./slug-redirects";
import { createTool, deleteTool, importTools, updateTool } from "./tools";
import { createUser } from "./users";

let db: Db;
let close: () => void;
beforeAll(async () => {
  ({ db, close } = await freshDb());
});
afterAll(() => close());

const rows = async () => Number((await db.$client.execute("SELECT count(*) AS n FROM slug_redirects")).rows[0]?.n);

describe("a renamed tool", () => {
  it("keeps its old slug leading to its current one", async () => {
    const tool = await createTool(db, { name: "Quill" }, null);
    await updateTool(db, tool.id, { name: "Quill Writer" });
    expect(await currentSlug(db, "tool", "quill")).toBe("quill-writer");
    // A change that leaves the slug alone records nothing.
    await updateTool(db, tool.id, { description: "Still Quill Writer" });
    expect(await oldSlugs(db, "tool", tool.id)).toEqual(["quill"]);
  });

  it("keeps the new slug of a tool without a public page to callers that check who sees it", async () => {
    const tool = await createTool(db, { name: "Hidden Ink" }, null);
    await setToolStatus(db, [tool.id], "rejected", "Spam");
    await updateTool(db, tool.id, { name: "Secret Ink" });
    expect(await currentSlug(db, "tool", "hidden-ink")).toBeNull();
    expect(await currentSlug(db, "tool", "hidden-ink", { anyStatus: true })).toBe("secret-ink");
    await setToolStatus(db, [tool.id], "published");
    expect(await currentSlug(db, "tool", "hidden-ink")).toBe("secret-ink");
  });

  it("collapses a chain of renames: every old slug leads straight to the current one", async () => {
    const tool = await createTool(db, { name: "Chain A" }, null);
    await updateTool(db, tool.id, { name: "Chain B" });
    await updateTool(db, tool.id, { name: "Chain C" });
    expect(await currentSlug(db, "tool", "chain-a")).toBe("chain-c");
    expect(await currentSlug(db, "tool", "chain-b")).toBe("chain-c");
    // Back to a former name: that slug is live again and no longer redirects.
    await updateTool(db, tool.id, { name: "Chain A" });
    expect(await currentSlug(db, "tool", "chain-a")).toBeNull();
    expect(await oldSlugs(db, "tool", tool.id)).toEqual(["chain-c", "chain-b"]);
  });

  it("keeps its old slug from a new tool of the same name, which gets the next free suffix", async () => {
    const renamed = await createTool(db, { name: "Reused" }, null);
    await updateTool(db, renamed.id, { name: "Reused Elsewhere" });
    await createTool(db, { name: "Reused 2" }, null);
    expect(await currentSlug(db, "tool", "reused")).toBe("reused-elsewhere");
    const newcomer = await createTool(db, { name: "Reused" }, null);
    expect(newcomer.slug).toBe("reused-3");
    expect(await currentSlug(db, "tool", "reused")).toBe("reused-elsewhere");
    // An old slug with a suffix is reserved as well, and counts towards the next one.
    await updateTool(db, newcomer.id, { name: "Reused Moved" });
    expect((await createTool(db, { name: "Reused" }, null)).slug).toBe("reused-4");
  });

  it("loses its old slug to a tool a CSV import creates with it", async () => {
    const renamed = await createTool(db, { name: "Imported" }, null);
    await updateTool(db, renamed.id, { name: "Imported Renamed" });
    const admin = await createUser(db, "importer@example.com", "x", "admin");
    if (!admin) throw new Error("no admin");
    await importTools(db, [{ slug: "imported", category: "", input: { name: "Imported" }, line: 2 }], admin.id);
    expect(await currentSlug(db, "tool", "imported")).toBeNull();
    expect(await oldSlugs(db, "tool", renamed.id)).toEqual([]);
  });

  it("keeps its old slugs reserved when deleted: they lead nowhere and no new tool takes them", async () => {
    const tool = await createTool(db, { name: "Doomed" }, null);
    await updateTool(db, tool.id, { name: "Doomed Twice" });
    const before = await rows();
    await deleteTool(db, tool.id);
    expect(await currentSlug(db, "tool", "doomed")).toBeNull();
    expect(await rows()).toBe(before);
    expect((await createTool(db, { name: "Doomed" }, null)).slug).toBe("doomed-2");
  });

  it(`keeps at most ${MAX_OLD_SLUGS} old slugs, the newest`, async () => {
    const tool = await createTool(db, { name: "Loop 0" }, null);
    for (let n = 1; n <= MAX_OLD_SLUGS + 5; n++) await updateTool(db, tool.id, { name: `Loop ${n}` });
    const kept = await oldSlugs(db, "tool", tool.id);
    expect(kept).toHaveLength(MAX_OLD_SLUGS);
    expect(kept[0]).toBe(`loop-${MAX_OLD_SLUGS + 4}`);
    expect(kept.at(-1)).toBe("loop-5");
    expect(await currentSlug(db, "tool", "loop-4")).toBeNull();
    expect(await currentSlug(db, "tool", "loop-5")).toBe(`loop-${MAX_OLD_SLUGS + 5}`);
  });
});

describe("a renamed category", () => {
  it("redirects from its old slug until it is deleted", async () => {
    const category = await createCategory(db, { name: "Imaging", slug: "imaging" });
    await updateCategory(db, category.id, { slug: "images" });
    await updateCategory(db, category.id, { slug: "image-tools" });
    expect(await currentSlug(db, "category", "imaging")).toBe("image-tools");
    expect(await currentSlug(db, "category", "images")).toBe("image-tools");
    // A new category with an old slug takes it over.
    await createCategory(db, { name: "Images", slug: "images" });
    expect(await currentSlug(db, "category", "images")).toBeNull();
    await deleteCategory(db, category.id);
    expect(await currentSlug(db, "category", "imaging")).toBeNull();
  });
});

describe("a renamed article", () => {
  it("redirects only while published, and a generated article may take an old slug", async () => {
    const article = await createArticle(db, { title: "Guide", slug: "guide", status: "published" });
    await updateArticle(db, article.id, { slug: "the-guide" });
    expect(await currentSlug(db, "article", "guide")).toBe("the-guide");
    // A draft's new slug is not given away by its old link.
    await updateArticle(db, article.id, { status: "draft" });
    expect(await currentSlug(db, "article", "guide")).toBeNull();
    await updateArticle(db, article.id, { status: "published" });

    const template = await createArticle(db, { title: "Best {keyword}", slug: "best-template", is_template: true });
    const old = await createArticle(db, { title: "Best Pens", slug: "best-pens", status: "published" });
    await updateArticle(db, old.id, { slug: "pens" });
    expect(await currentSlug(db, "article", "best-pens")).toBe("pens");
    expect(await generateFromTemplate(db, template, ["Pens"])).toHaveLength(1);
    expect(await currentSlug(db, "article", "best-pens")).toBeNull();

    await deleteArticle(db, article.id);
    expect(await currentSlug(db, "article", "guide")).toBeNull();
  });
});

describe("recordSlugChange", () => {
  it("is one call for any kind, tags included", async () => {
    await db.$client.execute("INSERT INTO tags (id, slug, name) VALUES (900, 'llm-tools', 'LLM tools')");
    await recordSlugChange(db, "tag", 900, "llm", "llm-tools");
    expect(await currentSlug(db, "tag", "llm")).toBe("llm-tools");
    await claimSlugs(db, "tag", ["llm"]);
    expect(await currentSlug(db, "tag", "llm")).toBeNull();
    // Kinds do not mix: a tool's old slug says nothing about a category.
    expect(await currentSlug(db, "category", "quill")).toBeNull();
  });
});

describe("tags keep their old addresses", () => {
  it("when renamed, and when merged into another tag", async () => {
    const { createTag, mergeTags, updateTag } = await import("./tags");
    const ocr = await createTag(db, { name: "Text Recognition" });
    const renamed = await updateTag(db, ocr.id, { name: "OCR Tools" });
    expect(renamed?.after.slug).toBe("ocr-tools");
    expect(await currentSlug(db, "tag", "text-recognition")).toBe("ocr-tools");
    const vision = await createTag(db, { name: "Computer Vision" });
    expect(await mergeTags(db, ocr.id, vision.id)).toBe(true);
    expect(await currentSlug(db, "tag", "ocr-tools")).toBe("computer-vision");
    expect(await currentSlug(db, "tag", "text-recognition")).toBe("computer-vision");
  });
});
