/**
 * `/llms.txt` and `/llms-full.txt` in the format llmstxt.org describes: an H1 with the site's name,
 * a blockquote summary, then H2 sections of markdown link lists (`- [name](url): notes`). The
 * short file lists the categories; the full one every published tool, one line each, by category.
 */
import { clean } from "./feed-item";
import { summary } from "./plain-text";
import { isPricingType, PRICING_LABELS } from "./pricing";
import { SITE_NAME } from "./site";

export type LlmsCategory = { id: number; slug: string; name: string; description: string | null };
export type LlmsTool = {
  slug: string;
  name: string;
  description: string | null;
  pricing_type: string | null;
  category_id: number | null;
};

const SUMMARY =
  "An open directory of AI tools: each listed tool has a page with its description, pricing, screenshots, pros and cons, reviews, FAQ and alternatives.";

/** Link text cannot close its own brackets; notes stay on one line. */
const linkText = (text: string) => clean(text).replace(/([[\]\\])/g, "\\$1");
const note = (text: string | null | undefined, max: number) => clean(summary(text ?? "", max));
const item = (name: string, url: string, notes: string) => `- [${linkText(name)}](${url})${notes ? `: ${notes}` : ""}`;

function header(site: URL): string[] {
  const at = (path: string) => new URL(path, site).href;
  return [
    `# ${SITE_NAME}`,
    "",
    `> ${SUMMARY}`,
    "",
    `Tool pages live at ${site.origin}/tool/{slug}, categories at ${site.origin}/category/{slug}. ` +
      `Software can search and read the directory through its JSON API (${at("/api/openapi.json")}) ` +
      `and its MCP server (${at("/mcp")}); see ${at("/developers")}.`,
    "",
  ];
}

/** The short file: summary, where things are, and the categories with links. */
export function llmsTxt(site: URL, categories: LlmsCategory[]): string {
  const at = (path: string) => new URL(path, site).href;
  return [
    ...header(site),
    "## Categories",
    "",
    ...categories.map((c) => item(c.name, at(`/category/${c.slug}`), note(c.description, 200))),
    "",
    "## Docs",
    "",
    item("Developers", at("/developers"), "the JSON API, API keys and the MCP server"),
    item("API document", at("/api/openapi.json"), "OpenAPI 3.1"),
    item("Blog", at("/blog"), "articles and guides"),
    "",
    "## Optional",
    "",
    item("Every tool", at("/llms-full.txt"), "each published tool as one line: name, page, pricing and summary"),
    "",
  ].join("\n");
}

/** The full file: every published tool as one line of name, page, pricing and summary, by category. */
export function llmsFullTxt(site: URL, categories: LlmsCategory[], tools: LlmsTool[]): string {
  const at = (path: string) => new URL(path, site).href;
  const line = (t: LlmsTool) => {
    const pricing = t.pricing_type && isPricingType(t.pricing_type) ? PRICING_LABELS[t.pricing_type] : "Unknown";
    const text = note(t.description, 300);
    return item(t.name, at(`/tool/${t.slug}`), text ? `${pricing}. ${text}` : pricing);
  };
  const known = new Set(categories.map((c) => c.id));
  const sections = [
    ...categories.map((c) => ({ title: c.name, tools: tools.filter((t) => t.category_id === c.id) })),
    { title: "Uncategorized", tools: tools.filter((t) => t.category_id == null || !known.has(t.category_id)) },
  ].filter((s) => s.tools.length > 0);
  return [...header(site), ...sections.flatMap((s) => [`## ${clean(s.title)}`, "", ...s.tools.map(line), ""])].join(
    "\n",
  );
}
