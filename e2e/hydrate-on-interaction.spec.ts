import type { Page } from "@playwright/test";
import { BLOCKED_REQUEST, expect, test, uniqueEmail } from "./fixtures";

/**
 * Islands hydrate on the visitor's first interaction (site/directives/interact.ts). A reader who
 * only reads runs no island script, and a first tap that lands before the island's script has
 * arrived still does what it says. These pages are opened as served: the fixture's page wakes its
 * islands after every navigation, so each story opens its own.
 */
async function servedPage(page: Page, url: string) {
  const fresh = await page.context().newPage();
  const errors: string[] = [];
  fresh.on("pageerror", (error) => errors.push(String(error)));
  fresh.on("console", (msg) => {
    if (msg.type() === "error" && !BLOCKED_REQUEST.test(msg.text())) errors.push(msg.text());
  });
  const scripts: string[] = [];
  fresh.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await fresh.goto(url, { waitUntil: "networkidle" });
  return { fresh, errors, scripts };
}

test.describe("islands wait for the visitor", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("a reader runs no island script; the first click on Log In opens the dialog", async ({ page }) => {
    const { fresh, errors, scripts } = await servedPage(page, "/");
    // Nothing interactive has loaded, yet the signed-out header and the cards are all there.
    expect(
      scripts.filter((path) => path.startsWith("/_astro/")),
      "island scripts fetched while reading",
    ).toEqual([]);
    await expect(fresh.locator('astro-island[client="interact"][ssr]').first()).toBeAttached();
    await expect(fresh.getByRole("button", { name: "Log In" })).toBeVisible();
    await expect(fresh.locator("article.tool-card").first()).toBeVisible();

    await fresh.getByRole("button", { name: "Log In" }).click();
    await expect(fresh.getByRole("dialog").getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("words typed and submitted before hydration search", async ({ page }) => {
    const { fresh, errors } = await servedPage(page, "/");
    await fresh.locator("#hero-search").pressSequentially("image");
    await fresh.locator("#hero-search").press("Enter");
    await expect(fresh).toHaveURL(/[?&]search=image/);
    // The island's own search: the filter box follows the words, and "Relevance" joins the sorts.
    await expect(fresh.locator("#directory-search")).toHaveValue("image");
    await expect(fresh.getByRole("combobox", { name: "Sort by" })).toContainText("Relevance");
    await expect(fresh.getByRole("heading", { name: "Midjourney" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("Visit Website counts a click made before the sidebar hydrated", async ({ page }) => {
    const { fresh, errors } = await servedPage(page, "/tool/chatgpt");
    const counted = fresh.waitForRequest(
      (r) => r.method() === "POST" && /\/api\/tools\/\d+\/track-click$/.test(r.url()),
    );
    const popup = fresh.waitForEvent("popup");
    await fresh.getByRole("link", { name: "Visit Website" }).click();
    await counted;
    await (await popup).close();
    expect(errors).toEqual([]);
  });
});

test("a member's header never shows the signed-out buttons, before or after hydration", async ({ page }) => {
  const res = await page.request.post("/api/auth/signup", {
    data: { email: uniqueEmail("header"), password: "correct-horse-battery" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const token = (await res.json()).access_token as string;
  await page.context().addInitScript((t) => {
    localStorage.setItem("token", t);
    // Every state of the header's session slot, as the visitor could see it.
    const seen: string[] = [];
    (window as Window & { headerStates?: string[] }).headerStates = seen;
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll<HTMLElement>(".auth-slot :is(a, button)")]
        .filter((el) => el.checkVisibility({ visibilityProperty: true }))
        .map((el) => el.textContent)
        .join("|");
      if (seen.at(-1) !== shown) seen.push(shown);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, token);
  const { fresh, errors } = await servedPage(page, "/");
  await expect(fresh.getByRole("link", { name: "My Account" })).toBeVisible();
  const states = await fresh.evaluate(() => (window as Window & { headerStates?: string[] }).headerStates ?? []);
  expect(states.filter((state) => state.includes("Log In"))).toEqual([]);
  expect(errors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a first tap on a card's Save tells a signed-out visitor to log in", async ({ page }) => {
    const { fresh, errors } = await servedPage(page, "/");
    await fresh.locator("article.tool-card").first().getByRole("button", { name: "Save tool" }).tap();
    await expect(fresh.getByText("Please log in to save tools")).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("words typed quickly into the filter box while the page wakes are kept in full", async ({ page }) => {
    const { fresh, errors } = await servedPage(page, "/");
    // A slow phone: the island's script arrives after the visitor has typed.
    await fresh.route("**/_astro/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const box = fresh.getByPlaceholder("Search name, description, category");
    await box.tap();
    await fresh.keyboard.type("write emails");
    await fresh.waitForFunction(() => !document.querySelector("astro-island[ssr] #directory-search"));
    await expect(box).toHaveValue("write emails");
    // The hero's box shares the words, and the search runs on them.
    await expect(fresh.locator("#hero-search")).toHaveValue("write emails");
    await fresh.keyboard.type(" fast");
    await fresh.keyboard.press("Enter");
    await expect(fresh).toHaveURL(/[?&]search=write(\+|%20)emails(\+|%20)fast/);
    await expect(box).toHaveValue("write emails fast");
    expect(errors).toEqual([]);
  });
});
