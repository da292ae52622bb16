import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../client";
import { freshDb } from "../testing";
import { createCategory } from "./categories";
import { createTag, deleteTag, setToolTags, updateTag } from "./tags";
import { createTool, searchTools, updateTool } from "./tools";

let db: Db;
let close: () => void;
let extension: number;
let ids: Record<string, number> = {};
beforeAll(async () => {
  ({ db, close } = await freshDb());
  const writing = (await createCategory(db, { name: "Writing", slug: "writing" })).id;
  const images = (await createCategory(db, { name: "Image Generation", slug: "image-generation" })).id;
  const audio = (await createCategory(db, { name: "Transcription", slug: "transcription" })).id;
  extension = (await createTag(db, { name: "Chrome Extension" })).id;
  const multilingual = (await createTag(db, { name: "Multilingual" })).id;
  const tool = async (name: string, description: string, category_id: number, more: Record<string, unknown> = {}) => {
    const made = await createTool(db, { name, description, category_id, pricing_type: "paid", ...more }, null);
    ids[name] = made.id;
    return made;
  };
  ids = {};
  await tool("Quillpad", "Rewrites paragraphs in a clearer voice.", writing, { tag_ids: [extension] });
  await tool("Grammar Owl", "Fixes grammar in a browser tab.", writing, { pricing_type: "free trial" });
  await tool("Polyglot Pen", "Drafts replies.", writing, {
    tag_ids: [multilingual],
    pros_cons: { pros: ["Offline mode"], cons: ["Slow exports"] },
  });
  await tool("Lens Reader", "Image to text: reads the words in any photo.", images);
  await tool("Prompt Painter", "Text to image generator for posters.", images);
  await tool("Transcribly", "Turns meeting audio into a searchable transcript with speakers.", audio);
  await tool("Meeting Scribe", "Writes a transcript of every meeting.", audio);
  // Featured, and says "transcript" once in passing: an image generator.
  await tool("Canvas Pro", "Generates images and logos; exports a transcript of prompts as a bonus.", images, {
    is_featured: true,
  });
  await tool("Snapshop", "A photo editor app for product shots.", images);
  await tool("Minutes Bot", "Sends the meeting transcript to your team.", writing);
  await tool("Retoucher", "Photo-editor with one-click backgrounds.", images);
  await tool("Tale Forge", "Story telling for children's books.", writing);
  await tool("Chart Maker", "Draws a plot of your data.", writing);
  await tool("Hidden Gem", "A secret chrome extension.", writing, { tag_ids: [multilingual] });
  await updateTool(db, ids["Hidden Gem"] as number, {}, { status: "pending" });
});
afterAll(() => close());

const names = async (text: string, limit = 12) =>
  (await searchTools(db, { search: text, limit, offset: 0 })).tools.map((t) => t.name);

describe("search reads tags, pricing and pros/cons", () => {
  it("finds a tool by its tag, pricing type and pros/cons when its description says none of them", async () => {
    expect(await names("chrome extension")).toEqual(["Quillpad"]);
    expect(await names("multilingual")).toEqual(["Polyglot Pen"]);
    expect(await names("free trial grammar")).toEqual(["Grammar Owl"]);
    expect(await names("offline")).toEqual(["Polyglot Pen"]);
  });

  it("keeps the index to published tools and in step with tags added, renamed and removed", async () => {
    // Hidden Gem is pending: its words and tags find nothing and correct nothing.
    expect(await names("secret")).toEqual([]);
    const browser = (await createTag(db, { name: "Firefox Addon" })).id;
    await setToolTags(db, ids["Chart Maker"] as number, [browser]);
    expect(await names("firefox addon")).toEqual(["Chart Maker"]);
    await updateTag(db, browser, { name: "Safari Plugin" });
    expect(await names("firefox addon")).toEqual([]);
    expect(await names("safari plugin")).toEqual(["Chart Maker"]);
    await deleteTag(db, browser);
    expect(await names("safari plugin")).toEqual([]);
    await updateTool(db, ids["Chart Maker"] as number, { pricing_type: "freemium" });
    expect(await names("freemium")).toEqual(["Chart Maker"]);
    // A full rebuild of the index from the data gives the same rows as the triggers kept.
    const rowsOf = async () =>
      (await db.$client.execute("SELECT rowid, * FROM tools_fts ORDER BY rowid")).rows.map((r) => ({ ...r }));
    const kept = await rowsOf();
    await db.$client.execute("DELETE FROM tools_fts");
    await db.$client.execute(`INSERT INTO tools_fts(rowid, name, description, category_name, tags, pricing, pros_cons)
      SELECT id, name, description, category_name, tags, pricing, pros_cons FROM tools_search_document`);
    expect(await rowsOf()).toEqual(kept);
  });
});

describe("full lists", () => {
  it("follows the tools matching every word with the best partial matches", async () => {
    // Only Transcribly says all three words; the other transcript tools follow on two or one.
    const found = await names("meeting transcript speakers");
    expect(found[0]).toBe("Transcribly");
    expect(found).toEqual(expect.arrayContaining(["Meeting Scribe", "Minutes Bot", "Canvas Pro"]));
  });
});

describe("honest paid placement", () => {
  it("puts a featured tool that mentions the words in passing below the tools about them", async () => {
    const found = await names("transcript");
    expect(found.indexOf("Canvas Pro")).toBeGreaterThan(found.indexOf("Transcribly"));
    expect(found.indexOf("Canvas Pro")).toBeGreaterThan(found.indexOf("Meeting Scribe"));
  });

  it("lets a featured tool lead when it is itself a strong match", async () => {
    expect((await names("images logos"))[0]).toBe("Canvas Pro");
  });
});

describe("phrases with direction", () => {
  it("ranks the tools saying the visitor's order above the reverse", async () => {
    expect((await names("image to text"))[0]).toBe("Lens Reader");
    expect((await names("text to image"))[0]).toBe("Prompt Painter");
  });

  it("matches a quoted phrase as a phrase first", async () => {
    // Three tools say both words; one says them side by side.
    expect((await names('"meeting transcript"'))[0]).toBe("Minutes Bot");
  });
});

describe("corrections, compounds and phrasings", () => {
  it("does not correct a real English word into an indexed word one letter away", async () => {
    // "pilot" is no tool's word; "plot" is one edit away.
    const page = await searchTools(db, { search: "pilot", limit: 12, offset: 0 });
    expect(page.corrected).toBeNull();
    expect(page.tools.map((t) => t.name)).not.toContain("Chart Maker");
  });

  it("matches a short word whole, never as the start of a longer word", async () => {
    // "pen" starts "pens" but not the point: "Polyglot Pen" has it; "pending" is not "pen".
    await createTool(db, { name: "Pending Tasks", description: "A pending list", pricing_type: "free" }, null);
    expect(await names("pen")).toEqual(["Polyglot Pen"]);
  });

  it("finds split and hyphenated text from a joined query, and a compound's halves", async () => {
    expect((await names("photoeditor")).sort()).toEqual(["Retoucher", "Snapshop"]);
    expect(await names("storyteller")).toEqual(["Tale Forge"]);
  });

  it("drops a visitor's phrasing around what they look for", async () => {
    expect(await names("app that fixes grammar")).toEqual(["Grammar Owl"]);
    expect(await names("tool for transcript of meeting")).toEqual(
      expect.arrayContaining(["Transcribly", "Meeting Scribe"]),
    );
  });
});
