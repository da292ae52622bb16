import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

const PAGES = [
  "/",
  "/tool/chatgpt",
  "/alternatives/chatgpt",
  "/compare/chatgpt-vs-claude",
  "/blog",
  "/blog/how-to-choose-an-ai-writing-assistant",
  "/pricing",
];

test.describe("every public page", () => {
  for (const path of PAGES) {
    test(`${path} passes axe and carries its SEO tags`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
        [],
      );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      for (const script of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect(() => JSON.parse(script)).not.toThrow();
      }
      expect(consoleErrors).toEqual([]);
    });
  }

  for (const [path, types] of [
    ["/alternatives/chatgpt", ["ItemList", "BreadcrumbList", "FAQPage"]],
    ["/compare/chatgpt-vs-claude", ["BreadcrumbList"]],
  ] as const) {
    test(`${path} is indexable at its own canonical address, with its structured data`, async ({ page, request }) => {
      await page.goto(path);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname).toBe(path);
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(structured.map((s) => JSON.parse(s)["@type"])).toEqual(expect.arrayContaining([...types]));
      const sitemap = await (await request.get("/sitemap-0.xml")).text();
      expect(sitemap).toContain(`${path}</loc>`);
    });
  }

  test("a category page passes axe", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const href = await page.locator('a.chip[href^="/category/"]').first().getAttribute("href");
    await page.goto(href ?? "/");
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("the site map, robots and feed are served", async ({ request }) => {
    expect((await request.get("/sitemap.xml")).status()).toBe(200);
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
    expect(await (await request.get("/blog/rss.xml")).text()).toContain("<rss");
  });
});
