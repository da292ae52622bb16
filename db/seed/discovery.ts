import { slugify } from "../../lib/slug";
import type { Db } from "../client";

/**
 * A few tags on the demo's tools and two admin comparisons, so the demo shows alternatives
 * ranked by shared tags and comparison pages with verdicts. Kept apart from the main seed:
 * tags already seeded under the same name are reused, never duplicated.
 */
const DEMO_TAGS: Record<string, string[]> = {
  "Chat assistant": ["ChatGPT", "Claude", "Gemini", "Microsoft Copilot", "Meta AI", "Mistral Le Chat", "Poe"],
  "Image generation": ["Midjourney", "DALL·E 3", "Stable Diffusion", "Leonardo.Ai", "Ideogram", "Adobe Firefly"],
  "Open source": ["Stable Diffusion", "Hugging Face", "Mistral Le Chat"],
  "Video generation": ["Runway", "Pika", "Luma Dream Machine", "Kling AI"],
  "AI avatars": ["Synthesia", "HeyGen"],
  "Text to speech": ["ElevenLabs", "Murf AI", "Descript"],
  Transcription: ["Otter.ai", "Fireflies.ai", "Descript"],
  "Meeting notes": ["Otter.ai", "Fireflies.ai", "Krisp"],
  "Code completion": ["GitHub Copilot", "Cursor", "Tabnine", "Windsurf"],
  "App builder": ["Lovable", "v0", "Bolt.new", "Replit"],
  "Research assistant": ["Perplexity", "Elicit", "Consensus", "NotebookLM"],
  Presentations: ["Gamma", "Beautiful.ai", "Canva Magic Studio"],
  Copywriting: ["Jasper", "Copy.ai", "Writesonic", "Rytr"],
  "Music generation": ["Suno", "Udio", "AIVA", "Soundraw", "Mubert"],
  "Background removal": ["Remove.bg", "Photoroom", "Clipdrop"],
  "Language learning": ["Duolingo Max", "Speak"],
};

const DEMO_COMPARISONS: [string, string, string, string][] = [
  [
    "ChatGPT",
    "Claude",
    "The broadest toolbox: images, voice, browsing and custom GPTs in one app.",
    "Calmer long-form writing and careful reading of long documents.",
  ],
  [
    "Midjourney",
    "DALL·E 3",
    "The most striking artistic styles, on a paid plan only.",
    "Follows detailed prompts closely and renders short text inside images.",
  ],
];

/** Adds the demo's tags, tool tags and comparisons (tools are matched by name). */
export async function seedDiscovery(db: Db): Promise<void> {
  const tools = await db.$client.execute("SELECT id, name FROM tools");
  const toolId = new Map(tools.rows.map((r) => [String(r.name), Number(r.id)]));
  for (const [name, names] of Object.entries(DEMO_TAGS)) {
    await db.$client.execute({
      sql: "INSERT INTO tags (slug, name) VALUES (?, ?) ON CONFLICT DO NOTHING",
      args: [slugify(name), name],
    });
    const tag = await db.$client.execute({
      sql: "SELECT id FROM tags WHERE lower(name) = lower(?) OR slug = ?",
      args: [name, slugify(name)],
    });
    const tagId = Number(tag.rows[0]?.id);
    for (const tool of names) {
      const id = toolId.get(tool);
      if (id === undefined || !tagId) continue;
      await db.$client.execute({
        sql: "INSERT INTO tool_tags (tool_id, tag_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        args: [id, tagId],
      });
    }
  }
  for (const [first, second, verdictFirst, verdictSecond] of DEMO_COMPARISONS) {
    const a = toolId.get(first);
    const b = toolId.get(second);
    if (a === undefined || b === undefined) continue;
    const [low, high, verdictLow, verdictHigh] =
      a < b ? [a, b, verdictFirst, verdictSecond] : [b, a, verdictSecond, verdictFirst];
    await db.$client.execute({
      sql: "INSERT INTO comparisons (tool_a_id, tool_b_id, verdict_a, verdict_b) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
      args: [low, high, verdictLow, verdictHigh],
    });
  }
}
