import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanTitle, pageFacts, pricingFromText, visibleText } from "./page-facts";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures/autofill", name), "utf8");

describe("what a tool's page says about it", () => {
  it("names it from og:site_name, describes it in plain text, and takes the largest square icon first", () => {
    const facts = pageFacts(fixture("og-site.html"), "https://quill.test/");
    expect(facts.name).toBe("Quill");
    expect(facts.description).toBe("Quill drafts blog posts and essays in your voice.");
    expect(facts.logos.slice(0, 3)).toEqual([
      "https://quill.test/icon-512.png",
      "https://quill.test/apple-touch-icon.png",
      "https://quill.test/favicon-32.png",
    ]);
    expect(facts.logos.at(-1)).toBe("https://quill.test/favicon.ico");
    expect(facts.screenshots.map((s) => s.url)).toEqual([
      "https://quill.test/img/og.png",
      "https://cdn.quill.test/twitter.png",
    ]);
    expect(facts.video_url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(facts.pricing_url).toBe("https://quill.test/pricing");
  });

  it("reads JSON-LD: SoftwareApplication name, description, offers and screenshot; Organization logo; a Vimeo embed", () => {
    const facts = pageFacts(fixture("json-ld.html"), "https://inkwell.test/");
    expect(facts.name).toBe("Inkwell");
    expect(facts.description).toBe("Inkwell turns notes into letters.");
    expect(facts.pricing_type).toBe("freemium");
    expect(facts.logos).toContain("https://inkwell.test/logo.png");
    expect(facts.screenshots.map((s) => s.url)).toEqual(["https://inkwell.test/shot.png"]);
    expect(facts.video_url).toBe("https://player.vimeo.com/video/76979871");
  });

  it("cleans a title of its tagline when nothing better names the tool", () => {
    expect(pageFacts(fixture("title-only.html"), "https://scribe.test/").name).toBe("Scribe");
    expect(cleanTitle("Home - Inkwell")).toBe("Inkwell");
    expect(cleanTitle("Tally: forms for everyone")).toBe("Tally");
  });

  it("finds the same-site plans page, not another site's", () => {
    expect(pageFacts(fixture("pricing-home.html"), "https://tally.test/").pricing_url).toBe("https://tally.test/plans");
  });

  it("reads pricing from a plans page's words", () => {
    expect(pricingFromText(visibleText(fixture("plans.html")))).toBe("freemium");
    expect(pricingFromText("Start your 14-day trial. Then $20 per month.")).toBe("free trial");
    expect(pricingFromText("Team $49/mo, Business $99/mo")).toBe("paid");
    expect(pricingFromText("Free and open source, forever.")).toBe("free");
    expect(pricingFromText("Contact us")).toBeNull();
    expect(pricingFromText(visibleText("<h1>Plans</h1><p>Free plan for one. Pro $12/month.</p>"))).toBe("freemium");
  });

  it("keeps hostile markup bounded: 10,000 icons, scripts in text, javascript: links", () => {
    const icons = Array.from(
      { length: 10_000 },
      (_, i) => `<link rel="icon" href="/i${i}.png" sizes="${i % 300}x${i % 300}">`,
    );
    const facts = pageFacts(
      `<title>Iconic</title>${icons.join("")}<meta name="description" content="<script>alert(1)</script>Safe text"><a href="javascript:alert(1)">Pricing</a>`,
      "https://iconic.test/",
    );
    expect(facts.logos.length).toBeLessThanOrEqual(52);
    expect(facts.description).toBe("Safe text");
    expect(facts.pricing_url).toBeNull();
  });
});
