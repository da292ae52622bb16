import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

const PAGES = ["/", "/tool/chatgpt", "/blog", "/blog/how-to-choose-an-ai-writing-assistant", "/pricing"];

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
