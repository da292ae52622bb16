import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Axe's findings on the page as it is, one line per rule with the elements it flagged. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Loads `path` again with the system set to dark (no stored choice: the page follows the system)
 * and checks it is dark before axe looks: both themes are held to WCAG AA contrast.
 */
async function inDarkTheme(page: Page, path: string) {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
}

const PAGES = [
  "/",
  "/tool/chatgpt",
  "/tag/citations",
  "/alternatives/chatgpt",
  "/compare/chatgpt-vs-claude",
  "/blog",
  "/blog/how-to-choose-an-ai-writing-assistant",
  "/pricing",
];

test.describe("every public page", () => {
  for (const path of PAGES) {
    test(`${path} passes axe in both themes and carries its SEO tags`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
      expect(await violations(page)).toEqual([]);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\//);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{20,}/);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /.+/);
      for (const script of await page.locator('script[type="application/ld+json"]').allTextContents()) {
        expect(() => JSON.parse(script)).not.toThrow();
      }
      await inDarkTheme(page, path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page), "dark theme").toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  // Pages whose SEO tags are checked elsewhere (or that are not indexed): axe only, both themes.
  for (const path of ["/advertise", "/developers", "/deals", "/newsletter", "/reset-password"]) {
    test(`${path} passes axe in both themes`, async ({ page, consoleErrors }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
      await inDarkTheme(page, path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page), "dark theme").toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }

  test("/developers states the quotas the server applies", async ({ page }) => {
    await page.goto("/developers");
    await expect(
      page.getByText(/answer \d+ calls per \d+ (minute\(s\)|seconds) per address; with a key, \d+ per key/),
    ).toBeVisible();
  });

  for (const [path, types] of [
    ["/alternatives/chatgpt", ["ItemList", "BreadcrumbList", "FAQPage"]],
    ["/compare/chatgpt-vs-claude", ["BreadcrumbList"]],
    ["/blog", ["BreadcrumbList"]],
    ["/blog/how-to-choose-an-ai-writing-assistant", ["BlogPosting", "BreadcrumbList"]],
    ["/pricing", ["BreadcrumbList"]],
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

  test("a tool's offer carries a price only where one is known (0 for a free plan)", async ({ page }) => {
    const offerOf = async (slug: string) => {
      await page.goto(`/tool/${slug}`);
      const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
      const app = scripts.map((s) => JSON.parse(s)).find((d) => d["@type"] === "SoftwareApplication");
      expect(app, slug).toBeTruthy();
      return app.offers;
    };
    expect(await offerOf("chatgpt")).toMatchObject({ "@type": "Offer", price: "0", priceCurrency: "USD" });
    // Midjourney is paid and its price is not stored: no offer rather than one without a price.
    expect(await offerOf("midjourney")).toBeUndefined();
  });

  test("a category page passes axe in both themes", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const href = await page.locator('a.chip[href^="/category/"]').first().getAttribute("href");
    await page.goto(href ?? "/");
    expect(await violations(page)).toEqual([]);
    await inDarkTheme(page, href ?? "/");
    expect(await violations(page), "dark theme").toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("a tag page is indexed under its own address, with its tools and breadcrumb as structured data", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.goto("/tag/citations");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tag\/citations$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const data = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
    const list = data.find((d) => d["@type"] === "ItemList");
    expect(list.itemListElement.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(["Perplexity", "Elicit", "Consensus", "Phind", "NotebookLM"]),
    );
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(["Home", "Citations"]);
    expect(await (await request.get("/sitemap-0.xml")).text()).toContain("/tag/citations</loc>");
    expect(consoleErrors).toEqual([]);
  });

  test("a filtered view of the home page is not indexed, and its canonical is the unfiltered page", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/?tag=citations&sort=rating");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/$/);
    await expect(page.locator("article.tool-card")).toHaveCount(5);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("the site map, robots and feed are served", async ({ request }) => {
    expect((await request.get("/sitemap.xml")).status()).toBe(200);
    expect(await (await request.get("/robots.txt")).text()).toContain("Sitemap:");
    expect(await (await request.get("/blog/rss.xml")).text()).toContain("<rss");
  });

  test("a feed reader finds the new tools' feeds from the home page and a category page", async ({ page, request }) => {
    await page.goto("/");
    const rss = page.locator('head link[rel="alternate"][type="application/rss+xml"][href="/feed.xml"]');
    await expect(rss).toHaveAttribute("title", /new AI tools/);
    await expect(page.locator('head link[rel="alternate"][type="application/feed+json"]')).toHaveAttribute(
      "href",
      "/feed.json",
    );
    const xml = await request.get("/feed.xml");
    expect(xml.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    expect(await xml.text()).toContain("/tool/");
    const json = await request.get("/feed.json");
    expect(json.headers()["content-type"]).toBe("application/feed+json");
    expect((await json.json()).version).toBe("https://jsonfeed.org/version/1.1");

    const category = await page.locator('a.chip[href^="/category/"]').first().getAttribute("href");
    await page.goto(category ?? "/");
    const own = page.locator('head link[rel="alternate"][type="application/rss+xml"]').first();
    await expect(own).toHaveAttribute("href", `${category}/feed.xml`);
    const feed = await request.get(`${category}/feed.xml`);
    expect(feed.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
  });
});
