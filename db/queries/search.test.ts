import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../client";
import { synonyms } from "../schema";
import { freshDb } from "../testing";
import { createCategory } from "./categories";
import { setToolStatus } from "./moderation";
import { planSearch } from "./search";
import { createTool, deleteTool, searchTools } from "./tools";

let db: Db;
let close: () => void;
let images: number;
let video: number;
beforeAll(async () => {
  ({ db, close } = await freshDb());
  const cat = async (name: string, slug: string) => (await createCategory(db, { name, slug })).id;
  const chat = await cat("Chatbots & Assistants", "chatbots");
  images = await cat("Image Generation", "image-generation");
  video = await cat("Video", "video");
  const audio = await cat("Audio & Voice", "audio-voice");
  const finance = await cat("Finance", "finance");
  const tool = (name: string, description: string, category_id: number) =>
    createTool(db, { name, description, category_id, pricing_type: "freemium" }, null);
  await tool("Pixel Forge", "An image generator that turns text prompts into pictures.", images);
  await tool("Dream Canvas", "Generates images and artwork from a prompt.", images);
  await tool("Cutline", "A video editor with AI captions and automatic cuts.", video);
  await tool("Scribe Notes", "Records meetings and produces a transcription with summaries.", audio);
  await tool("Talkative", "A friendly chatbot that answers questions.", chat);
  await tool("Voice Studio", "Text to speech voices for narration.", audio);
  await tool("Budget Sheet", "Tracks expenses in a spreadsheet.", finance);
  await tool("Copilot Desk", "A coding copilot.", finance);
  await tool("Plotter", "Draws a plot of your data.", finance);
});
afterAll(() => close());

const search = async (text: string) => {
  const page = await searchTools(db, { search: text, limit: 5, offset: 0 });
  return { names: page.tools.map((t) => t.name), corrected: page.corrected };
};

describe("search that forgives typos", () => {
  it("corrects a misspelt word in any position against the index's own words", async () => {
    expect(await search("imgae generator")).toMatchObject({ corrected: "image generator" });
    expect((await search("imgae generator")).names.slice(0, 2).sort()).toEqual(["Dream Canvas", "Pixel Forge"]);
    expect(await search("transcripton")).toEqual({ names: ["Scribe Notes"], corrected: "transcription" });
    expect((await search("vidoe editing")).names).toEqual(["Cutline"]);
    expect((await search("vidoe editing")).corrected).toBe("video editing");
    expect((await search("imgae generater")).corrected).toBe("image generator");
  });

  it("finds a joined word when the visitor typed it apart, even when one half is no word of its own", async () => {
    expect(await search("chat bot")).toEqual({ names: ["Talkative"], corrected: null });
    // "pilot" is no word of a tool's ("plot" is, one edit away); "copilot" is.
    expect(await search("co pilot")).toEqual({ names: ["Copilot Desk"], corrected: null });
  });

  it("finds a word's other forms: a verb by its doer, a doer by its verb", async () => {
    // "generate" finds "generator"; "transcriber" finds "transcription".
    expect((await search("generate images")).names.sort()).toEqual(["Dream Canvas", "Pixel Forge"]);
    expect(await search("transcriber")).toEqual({ names: ["Scribe Notes"], corrected: null });
    expect(await search("recorder")).toEqual({ names: ["Scribe Notes"], corrected: null });
  });

  it("corrects no short word to another that happens to be an edit or two away", async () => {
    // "test" is one edit from "text", "promos" two from "prompt": other words, not slips.
    expect(await search("test")).toEqual({ names: [], corrected: null });
    expect(await search("promos")).toEqual({ names: [], corrected: null });
    expect((await search("prompst")).corrected).toBe("prompts");
  });

  it("searches the words that say something in a long sentence, however many small words come first", async () => {
    // Twelve stop words, then the word that says something.
    const sentence = "is it the best tool for me to do it with my spreadsheet";
    expect((await search(sentence)).names).toEqual(["Budget Sheet"]);
  });

  it("searches a word typed twice once", async () => {
    expect(await search("spreadsheet spreadsheet spreadsheet")).toEqual(await search("spreadsheet"));
  });

  it("answers a two-word query with one unknown word by the word it knows", async () => {
    expect((await search("spreadsheet zxqv")).names).toEqual(["Budget Sheet"]);
  });

  it("leaves a correctly spelt query alone, plurals and other forms included", async () => {
    for (const text of ["image generator", "generators", "editing", "chatbot", "budget"]) {
      expect((await search(text)).corrected, text).toBeNull();
    }
    expect((await search("generators")).names).toEqual(expect.arrayContaining(["Pixel Forge", "Dream Canvas"]));
    expect((await search("editing")).names).toEqual(["Cutline"]);
  });

  it("applies an admin synonym, stored and matched as text whatever it holds", async () => {
    expect((await search("ledger")).names).toEqual([]);
    await db.insert(synonyms).values([
      { term: "ledger", expands_to: "spreadsheet" },
      { term: "x", expands_to: `'); DROP TABLE tools; --` },
      { term: "quote", expands_to: `" OR NEAR(a b) *` },
    ]);
    expect(await search("ledger")).toEqual({ names: ["Budget Sheet"], corrected: null });
    expect((await search("x")).names).toEqual([]);
    expect((await search("quote")).names).toEqual([]);
    expect((await search("spreadsheet")).names).toEqual(["Budget Sheet"]);
  });

  it("finds the tools matching every other word when one word matches nothing, then either of them", async () => {
    // "text" and "images" together: one tool; either alone: three.
    const found = await search("text images frobnicate");
    expect(found.corrected).toBeNull();
    expect(found.names[0]).toBe("Pixel Forge");
    expect(found.names.slice(1).sort()).toEqual(["Dream Canvas", "Voice Studio"]);
    const plan = await planSearch(db, "text images frobnicate");
    // No tool can match all three words, so that pass is not even asked.
    expect(plan?.all).toBeNull();
    // Words that match nothing together: any of them, still without the unknown one.
    expect((await search("budget pictures frobnicate")).names.sort()).toEqual(["Budget Sheet", "Pixel Forge"]);
  });

  it("lists the tools matching every word first, then the best partial matches, page after page", async () => {
    // Dream Canvas (images) and Voice Studio (text) match one word each: they follow, never lead.
    const found = (await search("image text")).names;
    expect(found[0]).toBe("Pixel Forge");
    expect(found.slice(1).sort()).toEqual(["Dream Canvas", "Voice Studio"]);
    // Pixel Forge says "image" but not "artwork": it comes on page 2, after the full match.
    const page = await searchTools(db, { search: "images artwork", limit: 1, offset: 0 });
    expect(page.tools.map((t) => t.name)).toEqual(["Dream Canvas"]);
    const next = await searchTools(db, { search: "images artwork", limit: 1, offset: 1 });
    expect(next.tools.map((t) => t.name)).toEqual(["Pixel Forge"]);
    // No tool twice, and the list ends.
    const all = await searchTools(db, { search: "images artwork", limit: 12, offset: 0 });
    expect(all.tools.map((t) => t.name)).toEqual(["Dream Canvas", "Pixel Forge"]);
    expect((await searchTools(db, { search: "images artwork", limit: 1, offset: 2 })).tools).toEqual([]);
  });

  it("finds a tool by a name with a wrong first letter, within the filters", async () => {
    const named = async (categoryId: number) =>
      (await searchTools(db, { search: "ixel forge", categoryId, pricing: "freemium", limit: 5, offset: 0 })).tools.map(
        (t) => t.name,
      );
    expect(await named(images)).toEqual(["Pixel Forge"]);
    expect(await named(video)).toEqual([]);
  });

  it("finds nothing for a query made mostly of words no tool uses", async () => {
    expect(await search("zzzz no such tool qqq")).toEqual({ names: [], corrected: null });
  });

  it("answers hostile text without an error", async () => {
    for (const text of ['"', "NEAR(", "a OR b NOT c", "x".repeat(300), "🔥🔥", "quill*)", "^", "'--", "é"]) {
      const page = await searchTools(db, { search: text, limit: 5, offset: 0 });
      expect(Array.isArray(page.tools), text).toBe(true);
    }
  });
});

describe("the vocabulary a search is planned against", () => {
  it("holds every tool as soon as it is saved and forgets a deleted one", async () => {
    expect(await search("zebracorn")).toEqual({ names: [], corrected: null });
    expect(await search("zebracorns")).toEqual({ names: [], corrected: null });
    const tool = await createTool(db, { name: "Zebracorn", description: "Draws striped unicorns." }, null);
    expect(await search("zebracorn")).toEqual({ names: ["Zebracorn"], corrected: null });
    expect(await search("zebracron")).toEqual({ names: ["Zebracorn"], corrected: "zebracorn" });
    await deleteTool(db, tool.id);
    expect(await search("zebracron")).toEqual({ names: [], corrected: null });
  });

  it("holds published tools only, in step with a tool's moderation status", async () => {
    const words = async () =>
      (await db.$client.execute("SELECT term FROM tools_vocab WHERE term LIKE 'glimmerquart%'")).rows.map(
        (r) => r.term,
      );
    await createTool(db, { name: "Prism Notes", description: "Keeps glimmerquarts tidy." }, null);
    const hidden = await createTool(
      db,
      { name: "Quiet Prism", description: "A glimmerquartz polisher." },
      null,
      "pending",
    );
    // The hidden word is neither held (kept as typed, no correction) nor offered as a correction.
    expect(await words()).toEqual(["glimmerquarts"]);
    expect(await search("glimmerquartz")).toEqual({ names: ["Prism Notes"], corrected: "glimmerquarts" });
    await setToolStatus(db, [hidden.id], "published");
    expect(await search("glimmerquartz")).toEqual({ names: ["Quiet Prism"], corrected: null });
    await setToolStatus(db, [hidden.id], "rejected", "Spam");
    expect(await words()).toEqual(["glimmerquarts"]);
    expect(await search("quiet")).toEqual({ names: [], corrected: null });
  });

  it("holds a tool another process saved", async () => {
    const dir = mkdtempSync(join(tmpdir(), "aitools-db-"));
    const url = `file:${join(dir, "shared.db")}`;
    const visitor = await openDb({ url });
    await migrateDb(visitor);
    const admin = await openDb({ url });
    try {
      const corrected = async (text: string) =>
        (await searchTools(visitor, { search: text, limit: 5, offset: 0 })).corrected;
      expect(await corrected("wombatt")).toBeNull();
      await createTool(admin, { name: "Wombat Writer", description: "Writes drafts." }, null);
      expect(await corrected("wombatt")).toBe("wombat");
    } finally {
      admin.$client.close();
      visitor.$client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
