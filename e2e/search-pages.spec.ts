import { test as withoutFixtures } from "@playwright/test";
import { expect, test } from "./fixtures";

test.describe("the directory's loaded pages", () => {
  test("Back from a tool after Load More shows as many tools, scrolled to where they were", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const cards = page.locator("article.tool-card");
    await expect(cards).toHaveCount(12);
    const loadMore = page.getByRole("button", { name: "Load More" });
    await loadMore.click();
    await expect(cards).toHaveCount(24);
    await expect(page).toHaveURL(/\/\?page=2$/);
    await loadMore.click();
    await expect(cards).toHaveCount(36);
    await expect(page).toHaveURL(/\/\?page=3$/);

    // A card of the last page loaded, below the pre-rendered first page.
    const card = cards.nth(30);
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/\?page=3$/);
    await expect(cards).toHaveCount(36);
    await expect(cards.nth(30)).toBeInViewport();
    await expect(loadMore).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("an address with loaded pages is never indexed", async ({ request }) => {
    const response = await request.get("/?page=2");
    expect(response.headers()["x-robots-tag"]).toBe("noindex, follow");
  });
});

test.describe("results pages drawn by the server", () => {
  test("a searched address comes drawn, and the island takes it over without fetching it again", async ({
    page,
    consoleErrors,
  }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/tools")) asked.push(r.url());
    });
    const response = await page.goto("/?search=image");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, follow");
    const cards = page.locator("article.tool-card");
    await expect(cards).toHaveCount(12);
    await expect(page.locator("#hero-search")).toHaveValue("image");
    // Hydrated (page.goto waits for it): the link became the island's button.
    const loadMore = page.getByRole("button", { name: "Load More" });
    await expect(loadMore).toBeVisible();
    expect(asked).toEqual([]);
    await loadMore.click();
    await expect(page).toHaveURL(/\?search=image&page=2$/);
    await expect(cards).toHaveCount(22);
    expect(consoleErrors).toEqual([]);
  });

  test("a category's sorted address comes drawn in that order and hydrates as it is", async ({
    page,
    consoleErrors,
  }) => {
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/tools")) asked.push(r.url());
    });
    const response = await page.goto("/category/chatbots?sort=name");
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, follow");
    const list = page.locator('section[aria-labelledby="all-heading"] article.tool-card');
    const names = await list.getByRole("heading").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    // Name (A-Z), without regard to case, as the database sorts it.
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    await expect(page.locator("#category-sort")).toHaveValue("name");
    expect(asked).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  test("a filtered address says noindex, follow and is canonical to the unfiltered page", async ({ request }) => {
    const response = await request.get("/?search=image&pricing=free");
    expect(response.headers()["x-robots-tag"]).toBe("noindex, follow");
    const html = await response.text();
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/">/);
    expect(html).toContain('class="card tool-card');
  });
});

withoutFixtures.describe("results without JavaScript", () => {
  withoutFixtures.use({ javaScriptEnabled: false });

  withoutFixtures("a search shows the matching tools and a next-page link that works", async ({ page }) => {
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await page.goto("/");
    // The browser submits the search form itself: GET /?search=image.
    await page.locator("#hero-search").fill("image");
    await page.locator("#hero-search").press("Enter");
    await expect(page).toHaveURL(/\/\?search=image$/);
    const cards = page.locator("article.tool-card");
    await expect(cards).toHaveCount(12);
    await expect(page.locator("#hero-search")).toHaveValue("image");
    const first = await cards.getByRole("heading").allTextContents();

    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\/\?search=image&page=2$/);
    await expect(cards).toHaveCount(22);
    expect((await cards.getByRole("heading").allTextContents()).slice(0, 12)).toEqual(first);
    // The whole list is shown: no further page to ask for.
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  });
});
