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
    await expect(page).toHaveURL(/\/\?page=1$/);
    await loadMore.click();
    await expect(cards).toHaveCount(36);
    await expect(page).toHaveURL(/\/\?page=2$/);

    // A card of the last page loaded, below the pre-rendered first page.
    const card = cards.nth(30);
    const name = (await card.getByRole("heading").textContent()) ?? "";
    await card.getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/\?page=2$/);
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
