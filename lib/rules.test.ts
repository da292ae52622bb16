import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";
import { monogramColor, monogramLetter } from "./monogram";
import { categorySlug, fitsBase, nextSlug, slugify, toolSlugBase } from "./slug";
import { sanitizeLinkUrl, toEmbedUrl } from "./url";

describe("slug rules (SPEC §5)", () => {
  it("article and tool slugs", () => {
    expect(slugify("  Hello, World!  ")).toBe("hello-world");
    expect(slugify("Copy.ai")).toBe("copy-ai");
    expect(slugify("DALL·E 3")).toBe("dall-e-3");
    expect(slugify("--a__b--")).toBe("a-b");
  });
  it("a slug fits a file name however its name spells in Latin letters", async () => {
    const { MAX_SLUG_LENGTH } = await import("./slug");
    // One character spells as "Tsumekanmuri": 22 of them made a 285-character folder name.
    const long = slugify("\u722b".repeat(22));
    expect(long.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(long).toMatch(/^tsumekanmuri(-tsumekanmuri)*$/);
    // A tool's name (at most 200 characters) keeps its whole slug.
    const name = `${"word ".repeat(39)}last`;
    expect(slugify(name)).toBe(name.replace(/ /g, "-"));
    expect(categorySlug("\u722b".repeat(40)).length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
  });
  it("two long slugs get no comparison page, whose folder name would not fit", async () => {
    const { comparePages } = await import("../db/queries/comparisons");
    const slugs = new Map([
      [1, "a".repeat(150)],
      [2, "b".repeat(150)],
      [3, "short"],
    ]);
    const pages = comparePages(
      (id) => slugs.get(id),
      [],
      [1, 2, 3],
      () => [1, 2, 3],
    );
    expect(pages.map((p) => p.key).sort()).toEqual([`${"a".repeat(150)}-vs-short`, `${"b".repeat(150)}-vs-short`]);
  });
  it("category slugs", () => {
    expect(categorySlug("Audio & Voice")).toBe("audio-voice");
    expect(categorySlug("Marketing  SEO")).toBe("marketing-seo");
    expect(categorySlug("a-b c")).toBe("a-b-c");
  });
  it("keep every printable ASCII name exactly as the SPEC rules say", () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join("");
    for (const name of [ascii, `x${ascii}y`, "Tab\there", "ChatGPT-4o (beta)", "a--b"]) {
      expect(slugify(name)).toBe(
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-+|-+$/g, ""),
      );
      expect(categorySlug(name)).toBe(
        name
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, "")
          .replace(/ /g, "-")
          .replace(/-+/g, "-"),
      );
    }
  });
  it("spell other scripts in Latin letters instead of dropping them", () => {
    expect(slugify("Привет мир")).toBe("privet-mir");
    expect(slugify("中文工具")).toBe("zhong-wen-gong-ju");
    expect(slugify("Straße Æsir")).toBe("strasse-aesir");
    expect(categorySlug("Ünïcode Tools")).toBe("unicode-tools");
    expect(categorySlug("Видео и звук")).toBe("video-i-zvuk");
  });
  it("never give a tool an all-digit slug: /tool/{id} is the id redirect", () => {
    expect(toolSlugBase("1")).toBe("tool-1");
    expect(toolSlugBase("2024!")).toBe("tool-2024");
    expect(toolSlugBase("١٢٣")).toBe("tool-123");
    expect(toolSlugBase("🔥🔥")).toBe("tool");
    expect(toolSlugBase("Copy.ai 2")).toBe("copy-ai-2");
  });
  it("pick the next suffix from the largest one in use", () => {
    expect(nextSlug("foo", false, "7")).toBe("foo");
    expect(nextSlug("foo", true, null)).toBe("foo-2");
    expect(nextSlug("foo", true, "1")).toBe("foo-2");
    expect(nextSlug("foo", true, "19999")).toBe("foo-20000");
    expect(nextSlug("foo", true, "99999999999999999999")).toBe("foo-100000000000000000000");
    expect(fitsBase("foo-12", "foo")).toBe(true);
    expect(fitsBase("foo", "foo")).toBe(true);
    expect(fitsBase("foo-bar", "foo")).toBe(false);
    expect(fitsBase("foo-012", "foo")).toBe(false);
  });
});

describe("markdown link policy (SPEC §5)", () => {
  it.each([
    ["https://a.example", "https://a.example"],
    ["HTTP://a.example", "HTTP://a.example"],
    ["mailto:me@example.com", "mailto:me@example.com"],
    ["irc://irc.example/chan", "irc://irc.example/chan"],
    ["ircs://irc.example/chan", "ircs://irc.example/chan"],
    ["xmpp:me@example.com", "xmpp:me@example.com"],
    ["javascript:alert(1)", ""],
    ["JAVASCRIPT:alert(1)", ""],
    ["data:text/html,x", ""],
    ["vbscript:x", ""],
    ["/path:x", "/path:x"],
    ["?a:b", "?a:b"],
    ["#x:y", "#x:y"],
    ["relative/path", "relative/path"],
  ])("%s -> %s", (input, output) => {
    expect(sanitizeLinkUrl(input)).toBe(output);
  });

  it("renders no raw HTML and no unsafe links", () => {
    const html = renderMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/href="javascript/i);
    const skipped = renderMarkdown("a <b>bold</b> <script>x</script>", { skipHtml: true });
    expect(skipped).not.toContain("&lt;b&gt;");
    expect(skipped).not.toMatch(/<script/);
  });

  it("reads a description of unclosed brackets as text, in one pass", async () => {
    const { plainText } = await import("./plain-text");
    for (const open of ["![", "[a](", "<"]) expect(plainText(`${open.repeat(100_000)}end`)).toMatch(/end$/);
  });

  it("shows an image from another host as a link to it, so no page loads it, and keeps the site's own", () => {
    const html = renderMarkdown("![a pixel](https://evil.example/p.png) ![](//evil.example/q.png)", { ugc: true });
    expect(html).not.toMatch(/<img/i);
    expect(html).toContain(
      '<a href="https://evil.example/p.png" target="_blank" rel="noopener nofollow ugc">a pixel</a>',
    );
    expect(html).toContain(
      '<a href="//evil.example/q.png" target="_blank" rel="noopener nofollow ugc">//evil.example/q.png</a>',
    );
    expect(renderMarkdown("![chart](/media/0123456789abcdef0123456789abcdef-480.webp)")).toMatch(
      /<img src="\/media\/0123456789abcdef0123456789abcdef-480\.webp" alt="chart">/,
    );
  });

  it("marks external links, and user content as nofollow ugc", () => {
    expect(renderMarkdown("[x](https://a.example)")).toContain('rel="noopener"');
    expect(renderMarkdown("[x](https://a.example)", { ugc: true })).toContain('rel="noopener nofollow ugc"');
  });

  it("treats protocol-relative and other off-site links as external", () => {
    const rel = (html: string) => /rel="([^"]*)"/.exec(html)?.[1]?.split(" ").sort() ?? [];
    for (const href of ["//evil.example/x", "/\\evil.example", "HTTPS://a.example", "mailto:me@example.com"]) {
      const html = renderMarkdown(`[x](${href})`, { ugc: true });
      expect(rel(html), href).toEqual(["nofollow", "noopener", "ugc"]);
    }
    expect(renderMarkdown("[x](//evil.example)", { ugc: true })).toContain('target="_blank"');
    expect(rel(renderMarkdown("[x](//evil.example)"))).toEqual(["noopener"]);
    for (const href of ["/tool/chatgpt", "#faq", "?page=2", "relative/path", "/\tevil.example"]) {
      expect(renderMarkdown(`[x](${href})`, { ugc: true }), href).not.toContain("rel=");
    }
  });
});

describe("video embeds", () => {
  it("rewrites watch-style links", () => {
    expect(toEmbedUrl("https://www.youtube.com/watch?v=abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(toEmbedUrl("https://youtu.be/abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(toEmbedUrl("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(toEmbedUrl("https://www.youtube.com/shorts/abc_12-3")).toBe("https://www.youtube.com/embed/abc_12-3");
    expect(toEmbedUrl("https://www.youtube.com/embed/abc123")).toBe("https://www.youtube.com/embed/abc123");
    expect(toEmbedUrl("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871");
    expect(toEmbedUrl("not a url")).toBe("");
  });

  it("frames nothing but a YouTube or Vimeo player", () => {
    expect(toEmbedUrl("https://evil.example/watch?v=abc123")).toBe("");
    expect(toEmbedUrl("https://www.youtube.com/watch?v=../../redirect")).toBe("");
    expect(toEmbedUrl('https://www.youtube.com/watch?v=a"><script>')).toBe("");
    expect(toEmbedUrl("javascript:alert(1)//youtube.com/watch?v=abc")).toBe("");
    expect(toEmbedUrl("https://vimeo.com/channels/staffpicks")).toBe("");
  });
});

describe("one rule each, shared by site, API and admin", () => {
  it("a card and a similar-tools card show the same plain text for the same description", async () => {
    const { plainText, summary } = await import("./plain-text");
    const md = "## Write **faster** with [Acme](https://acme.example) ![shot](x.png)\n\n- drafts\n- <b>edits</b>";
    expect(plainText(md)).toBe("Write faster with Acme drafts edits");
    // Words keep their hyphens and underscores, punctuation stays by its word, tables and rules go.
    expect(plainText("A *text-to-speech* tool, **AI-powered**. Reads snake_case.")).toBe(
      "A text-to-speech tool, AI-powered. Reads snake_case.",
    );
    expect(plainText("> quoted\n\n---\n\n| a | b |\n|---|:-:|\n\n1. first\n2) `second`")).toBe(
      "quoted a b first second",
    );
    expect(summary(md, 500)).toBe(plainText(md));
    expect(summary("word ".repeat(60), 20)).toBe("word word word…");
    expect(summary("one two three", 20)).toBe("one two three");
  });

  it("FAQ order is 1-based: by the order given, or by position after a drag", async () => {
    const { renumberFaq } = await import("./faq");
    const faq = [
      { question: "b", answer: "2", order: 5 },
      { question: "a", answer: "1", order: 2 },
    ];
    expect(renumberFaq(faq).map((f) => [f.question, f.order])).toEqual([
      ["a", 1],
      ["b", 2],
    ]);
    expect(renumberFaq(faq, "position").map((f) => [f.question, f.order])).toEqual([
      ["b", 1],
      ["a", 2],
    ]);
  });

  it("pricing types: the database's list, the member's subset, the filter with All Tools", async () => {
    const { MEMBER_PRICING_TYPES, PRICING_FILTERS, PRICING_TYPES, pricingClass } = await import("./pricing");
    expect(PRICING_TYPES).toEqual(["free", "freemium", "paid", "free trial"]);
    expect(MEMBER_PRICING_TYPES).toEqual(["free", "freemium", "paid"]);
    expect(PRICING_FILTERS.map((f) => f.label)).toEqual(["All Tools", "Free", "Freemium", "Paid", "Free Trial"]);
    expect(pricingClass("free trial")).toBe("pricing-free-trial");
    expect(pricingClass("<script>")).toBe("pricing-other");
  });
});

describe("tool monograms", () => {
  it("draw the name's first letter on a colour that depends only on the name", () => {
    expect(monogramLetter("  chatGPT")).toBe("C");
    expect(monogramLetter("   ")).toBe("?");
    expect(monogramColor("ChatGPT")).toBe(monogramColor("ChatGPT"));
    expect(monogramColor("ChatGPT")).toMatch(/^#[0-9a-f]{6}$/);
    const colours = new Set(["ChatGPT", "Claude", "Midjourney", "Notion AI", "Copy.ai", "Jasper"].map(monogramColor));
    expect(colours.size).toBeGreaterThan(1);
  });
});
