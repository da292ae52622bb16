import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What keeps the first screen fast and still on a slow phone (the Lighthouse figures in
 * bench/README.md measure it; these hold the causes found there in place).
 */
const source = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");

describe("first paint", () => {
  it("the header and the home, category, tag and tool pages hydrate on the first interaction, not while the page loads", () => {
    // client:load starts fetching the island's scripts during parsing, which on a throttled phone
    // pushed the first and largest paints back by about a second; client:idle still ran React
    // during the load, most of a phone's total blocking time (docs/decisions/019).
    for (const page of [
      "layouts/Base.astro",
      "pages/index.astro",
      "pages/category/[slug].astro",
      "pages/tag/[slug].astro",
      "pages/tool/[slug].astro",
    ]) {
      expect(source(page), page).not.toMatch(/client:(load|idle|visible)/);
      expect(source(page), page).toMatch(/client:interact/);
    }
  });

  it("the favicon draws its letters as paths, so decoding it looks up no font", () => {
    const favicon = source("public/favicon.svg");
    expect(favicon).not.toMatch(/<text/);
    expect(favicon).toMatch(/<path/);
  });

  it("an article's image keeps its box whatever the file's own size", () => {
    const rule = /\.article-image\s*\{([^}]*)\}/.exec(source("styles/global.css"))?.[1] ?? "";
    expect(rule).toMatch(/aspect-ratio:\s*16\s*\/\s*9/);
    expect(rule).toMatch(/height:\s*auto/);
    expect(rule).toMatch(/object-fit:\s*cover/);
  });

  it("a card in a grid keeps its own height, so a neighbour parsed later moves nothing", () => {
    const rule = /\n\.grid\s*\{([^}]*)\}/.exec(source("styles/global.css"))?.[1] ?? "";
    expect(rule).toMatch(/align-items:\s*start/);
  });

  it("a card's icon buttons have their columns before they are parsed", () => {
    const css = source("styles/global.css");
    expect(css).toMatch(/\.card-actions\.icons-1\s*\{\s*grid-template-columns:\s*1fr var\(--icon-button\)/);
    expect(css).toMatch(
      /\.card-actions\.icons-2\s*\{\s*grid-template-columns:\s*1fr repeat\(2, var\(--icon-button\)\)/,
    );
    // The card names the count from what it renders: the website link (when there is one) and Save.
    expect(source("components/react/ToolCard.tsx")).toMatch(/card-actions icons-\$\{tool\.website_url \? 2 : 1\}/);
  });

  it("no island loads the query library before it has something to fetch", () => {
    // site/lib/lazy-fetcher.ts imports it with the first fetch: a list shown as pre-rendered never
    // needs it, so it stays out of the page's first download.
    const islands = readdirSync(new URL("islands/", import.meta.url), { recursive: true, encoding: "utf8" });
    for (const file of islands.filter((f) => /\.tsx?$/.test(f))) {
      expect(source(`islands/${file}`), file).not.toMatch(/from "(@nanostores\/query|[./]+\/lib\/query)"/);
    }
    expect(source("lib/lazy-fetcher.ts")).toMatch(/import\("\.\/query"\)/);
  });

  it("the first paint waits for the whole page: its target is the last element before </body>", () => {
    const layout = source("layouts/Base.astro");
    expect(layout).toMatch(/<link rel="expect" href="#page-end" blocking="render" \/>/);
    const end = layout.indexOf('id="page-end"');
    expect(end).toBeGreaterThan(layout.indexOf("<footer"));
    // Nothing but closing tags and the deferred module script follows it.
    expect(layout.slice(end).replace(/<script>[\s\S]*?<\/script>/, "")).not.toMatch(/<(?!\/)[a-zA-Z]/);
  });
});
