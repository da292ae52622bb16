import type { Db } from "../client";

/**
 * Two admin comparisons with verdicts, so the demo shows comparison pages of both kinds (the
 * others come from each tool's top alternatives among the most-saved tools).
 */
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

/** Adds the demo's comparisons (tools are matched by name). */
export async function seedComparisons(db: Db): Promise<void> {
  const tools = await db.$client.execute("SELECT id, name FROM tools");
  const toolId = new Map(tools.rows.map((r) => [String(r.name), Number(r.id)]));
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
