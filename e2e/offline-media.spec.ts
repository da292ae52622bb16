import type { Page } from "@playwright/test";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

/**
 * The demo looks complete on a machine without internet: every request to another host is
 * blocked (fixtures.ts), and no page asks for one, shows a broken image or has a request fail.
 */
async function brokenImages(page: Page): Promise<string[]> {
  // Lazy images are asked for now, so every image of the page is judged, not only the first screen.
  return page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = "eager";
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener("load", resolve, { once: true });
              img.addEventListener("error", resolve, { once: true });
            }),
      ),
    );
    return images.filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src);
  });
}

test("the demo shows its own images offline: no broken image, no failed request", async ({ page, consoleErrors }) => {
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`));
  page.on("response", (response) => {
    if (response.request().resourceType() === "image" && response.status() >= 400)
      failed.push(`${response.url()} (${response.status()})`);
  });
  const visit = async (path: string) => {
    await page.goto(path);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // The footer's island loads once scrolled into view: leaving before it arrives would abort it.
    await page.waitForLoadState("networkidle");
    expect(await brokenImages(page), `broken images on ${path}`).toEqual([]);
  };

  await visit("/");
  // The demo's logos are the site's own copies, drawn with their size.
  const logo = page.locator('img.logo[src^="/media/"]').first();
  await expect(logo).toBeVisible();
  expect(await logo.getAttribute("srcset")).toMatch(/\/media\/[0-9a-f]{32}-96\.webp 96w/);

  await visit("/tool/chatgpt");
  const gallery = page.getByRole("region", { name: "ChatGPT screenshots" });
  await expect(gallery.locator("img").first()).toBeVisible();
  expect(await brokenImages(page)).toEqual([]);

  // Alternatives and comparison pages show the same copies.
  for (const prefix of ["/alternatives/", "/compare/"]) {
    await page.goto("/tool/chatgpt");
    // The header's toasts load once it has hydrated: leaving before they arrive would abort them.
    await page.waitForLoadState("networkidle");
    const href = await page.locator(`main a[href^="${prefix}"]`).first().getAttribute("href");
    expect(href, `a link to ${prefix}`).toBeTruthy();
    await visit(href as string);
    await expect(page.locator('img.logo[src^="/media/"]').first()).toBeVisible();
  }

  await visit("/category/chatbots");
  await visit("/blog");
  await signUp(page, uniqueEmail("offline"));
  await visit("/account");

  expect(failed, "failed requests").toEqual([]);
  expect(consoleErrors).toEqual([]);
});
