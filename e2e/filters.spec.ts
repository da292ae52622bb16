import type { Locator } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";

/** The demo's tools tagged Citations, by name. */
const CITATIONS = ["Consensus", "Elicit", "NotebookLM", "Perplexity", "Phind"];

/** The tag page lists exactly the tools tagged Citations (in the directory's order). */
async function expectCitations(titles: Locator) {
  await expect(titles).toHaveCount(CITATIONS.length);
  expect((await titles.allTextContents()).sort()).toEqual(CITATIONS);
}

test.describe("a visitor narrowing the directory", () => {
  test("picks a tag chip and a sort; the address keeps the view through reload and Back", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const cards = page.locator("article.tool-card");
    const names = cards.getByRole("heading");
    const robots = page.locator('meta[name="robots"]');
    await expect(cards).toHaveCount(12);

    // The tags are folded among the filters.
    await page.getByText("Tags", { exact: true }).click();
    await page
      .getByRole("navigation", { name: "Tags" })
      .getByRole("link", { name: /^Citations/ })
      .click();
    await expect(page).toHaveURL(/\/\?tag=citations$/);
    await expect(cards).toHaveCount(CITATIONS.length);
    await page.getByLabel("Sort by").selectOption("name");
    await expect(page).toHaveURL(/\/\?tag=citations&sort=name$/);
    await expect(names).toHaveText(CITATIONS);
    await expect(robots).toHaveAttribute("content", "noindex,follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/$/);

    await page.reload();
    await hydrated(page);
    await expect(names).toHaveText(CITATIONS);
    await expect(page.getByLabel("Sort by")).toHaveValue("name");
    await page.getByText("Tags (1)").click();
    await expect(
      page.getByRole("navigation", { name: "Tags" }).getByRole("link", { name: /^Citations/ }),
    ).toHaveAttribute("aria-current", "true");
    await page.getByText("Tags (1)").click();

    await page.goBack();
    await expect(page).toHaveURL(/\/\?tag=citations$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("");
    await expect(cards).toHaveCount(CITATIONS.length);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards).toHaveCount(12);
    await expect(robots).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("narrows a category by one tag (an indexable view) and then sorts it (not indexed)", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/category/research");
    const canonical = page.locator('link[rel="canonical"]');
    const robots = page.locator('meta[name="robots"]');
    await page.getByText("Tags", { exact: true }).click();
    await page
      .getByRole("navigation", { name: /tags$/ })
      .getByRole("link", { name: /^Citations/ })
      .click();
    await expect(page).toHaveURL(/\/category\/research\?tag=citations$/);
    await expect(page.getByText(/^Showing \d+ tools$/)).toHaveText("Showing 5 tools");
    await expect(canonical).toHaveAttribute("href", /\/category\/research\?tag=citations$/);
    await expect(robots).toHaveCount(0);
    await page.getByLabel("Sort by").selectOption("newest");
    await expect(page).toHaveURL(/\/category\/research\?tag=citations&sort=newest$/);
    await expect(robots).toHaveAttribute("content", "noindex,follow");
    await expect(canonical).toHaveAttribute("href", /\/category\/research$/);
    await page.goBack();
    await expect(robots).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("opens a tool's tag from its page and sees the tag's tools", async ({ page, consoleErrors }) => {
    await page.goto("/tool/perplexity");
    await page.getByRole("link", { name: "Citations", exact: true }).click();
    await expect(page).toHaveURL(/\/tag\/citations\/?$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Citations AI Tools");
    await expectCitations(page.locator("article.tool-card h3"));
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("a visitor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("follows a tag chip to its page, and the plain form puts the view in the address", async ({
    context,
    browser,
  }) => {
    // The fixture's page waits for islands to hydrate, which never happens here.
    const page = await context.newPage();
    await page.goto("/");
    await page.getByText("Tags", { exact: true }).click();
    await page
      .getByRole("navigation", { name: "Tags" })
      .getByRole("link", { name: /^Citations/ })
      .click();
    await expect(page).toHaveURL(/\/tag\/citations\/?$/);
    await expectCitations(page.locator("article.tool-card h3"));

    await page.goto("/");
    await page.getByLabel("Filter tools").fill("notes");
    await page.getByLabel("Sort by").selectOption("newest");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/\?search=notes&pricing=all&sort=newest$/);
    const address = page.url();

    // The same address, opened where JavaScript runs, shows that view.
    const withScript = await browser.newContext({ javaScriptEnabled: true });
    try {
      const live = await withScript.newPage();
      await live.goto(address);
      await hydrated(live);
      await expect(live.getByLabel("Sort by")).toHaveValue("newest");
      await expect(live.getByLabel("Filter tools")).toHaveValue("notes");
      await expect(live.locator("article.tool-card").first()).toBeVisible();
    } finally {
      await withScript.close();
    }
  });
});
