import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { suggestPlacement } from "../../db/queries/autofill";
import { createCategory } from "../../db/queries/categories";
import { createTool } from "../../db/queries/tools";
import { freshDb } from "../../db/testing";
import { pageFacts } from "../../media/page-facts";
import { placementText } from "./autofill";

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, "../../media/fixtures/autofill", name), "utf8");

let db: Db;
let close: () => void;
const category: Record<string, number> = {};

beforeAll(async () => {
  ({ db, close } = await freshDb());
  for (const [slug, name, description] of [
    ["video", "Video", "Edit, subtitle and generate video clips."],
    ["audio", "Audio & Voice", "Record, clean up and synthesise speech and sound."],
    ["writing", "Writing", "Draft, rewrite and translate text."],
    ["coding", "Coding", "Write, review and ship software with AI."],
  ] as const) {
    category[slug] = (await createCategory(db, { slug, name, description })).id;
  }
  const tools: [string, string, string][] = [
    ["Clipster", "video", "Cuts long recordings into short vertical clips with animated captions for social feeds."],
    ["Reelmaker", "video", "Generates video from a script with stock footage and a voice-over."],
    ["Hush", "audio", "Removes background noise and echo from calls and podcast recordings."],
    ["Narrate", "audio", "Turns text into natural speech with cloned voices."],
    ["Scribe", "writing", "Drafts essays and blog posts in your voice."],
    ["Acme Write", "writing", "Rewrites paragraphs and fixes grammar."],
    ["Pairbot", "coding", "Suggests code completions in your editor and reviews pull requests."],
    // Nearly the same words in two categories (Parrot a little nearer): the categories' own
    // descriptions decide.
    ["Parrot", "audio", "Transcribes interviews into subtitles."],
    ["Mimic", "video", "Transcribes interviews into subtitles, quickly and neatly."],
  ];
  for (const [name, slug, description] of tools) {
    await createTool(db, { name, description, category_id: category[slug] }, null);
  }
});
afterAll(() => close());

/** The category suggested for a fixture page, by its slug. */
async function suggestedFor(page: string): Promise<string | null> {
  const facts = pageFacts(fixture(page), "https://maker.test/");
  const { category_id } = await suggestPlacement(db, placementText(facts));
  return Object.entries(category).find(([, id]) => id === category_id)?.[0] ?? null;
}

describe("the category suggested for a tool's page", () => {
  it("reads past a description that opens about the company", async () => {
    expect(await suggestedFor("company-first.html")).toBe("video");
  });

  it("reads the page's keywords, JSON-LD applicationCategory, keywords and featureList", async () => {
    const facts = pageFacts(fixture("keywords-only.html"), "https://tidewater.test/");
    expect(facts.keywords).toBe(
      "code completion, pull request review, Developer, editor, autocomplete, Completions in your editor, Reviews of every pull request",
    );
    expect(await suggestedFor("keywords-only.html")).toBe("coding");
  });

  it("reads the page's title, og:title and headings when the description says little", async () => {
    const facts = pageFacts(fixture("headings.html"), "https://stillwave.test/");
    expect(facts.headings).toBe(
      "Stillwave. Stillwave: the calm way to work. Remove background noise from every call. Echo gone, voices clear",
    );
    expect(await suggestedFor("headings.html")).toBe("audio");
  });

  it("is not led by a sibling product's name: the name says who, not what", async () => {
    expect(await suggestedFor("sibling-brand.html")).toBe("video");
  });

  it("lets the categories' own descriptions decide between tools almost equally near", async () => {
    const { category_id } = await suggestPlacement(db, { name: "Captioner", text: "Subtitles for interviews." });
    expect(category_id).toBe(category.video);
  });

  it("names no category when no tool shares the page's words", async () => {
    expect(await suggestPlacement(db, { name: "Loom", text: "Quantum basket weaving." })).toEqual({
      category_id: null,
      tags: [],
    });
  });
});
