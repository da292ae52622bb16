import { describe, expect, it } from "vitest";
import { llmsFullTxt, llmsTxt } from "./llms-txt";

const site = new URL("https://tools.example/");
const categories = [
  { id: 1, slug: "writing", name: "Writing", description: "Tools that **write**\nfor you" },
  { id: 2, slug: "empty", name: "Empty", description: null },
];

describe("llms.txt as llmstxt.org describes it", () => {
  it("opens with the name and a summary, then lists the categories as links", () => {
    const text = llmsTxt(site, categories);
    expect(text.split("\n").slice(0, 3)).toEqual(["# AI Tools Directory", "", expect.stringMatching(/^> \S/)]);
    expect(text).toContain(
      "## Categories\n\n- [Writing](https://tools.example/category/writing): Tools that write for you\n",
    );
    expect(text).toContain("- [Empty](https://tools.example/category/empty)\n");
    expect(text).toContain("## Optional\n\n- [Every tool](https://tools.example/llms-full.txt)");
    expect(text).toContain("Tool pages live at https://tools.example/tool/{slug}");
  });

  it("lists every tool on one line of name, page, pricing and summary, by category", () => {
    const text = llmsFullTxt(site, categories, [
      {
        slug: "quill",
        name: "Quill [beta]",
        description: "Drafts *posts*.\n\nFast.",
        pricing_type: "freemium",
        category_id: 1,
      },
      { slug: "loose", name: "Loose", description: null, pricing_type: "free trial", category_id: null },
    ]);
    expect(text).toContain(
      "## Writing\n\n- [Quill \\[beta\\]](https://tools.example/tool/quill): Freemium. Drafts posts. Fast.\n",
    );
    expect(text).toContain("## Uncategorized\n\n- [Loose](https://tools.example/tool/loose): Free Trial\n");
    // A category without tools has no section.
    expect(text).not.toContain("## Empty");
  });
});
