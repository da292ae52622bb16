import type { Locator, Page } from "@playwright/test";
import { confirmAddress, expect, test, uniqueEmail } from "./fixtures";

/**
 * Phone first: at a phone's and a desktop's size, the first screen shows tools, the tool page's
 * call to action sits under its title, the member's table fits, and a member who pays while
 * their tool waits for review learns why it cannot be featured yet. Geometry, not pixels.
 */
const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Pages added after the phone layout was first checked: each must fit both sizes too. */
const NEWER_PAGES = ["/advertise", "/developers", "/deals", "/newsletter", "/reset-password"];

async function noHorizontalOverflow(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(scroll, "no horizontal overflow").toBeLessThanOrEqual(inner);
}

/** The element's box lies inside the first screen (the page unscrolled). */
async function onFirstScreen(locator: Locator, page: Page, what: string) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  expect(box, what).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
}

/**
 * A new member, signed up through the API with the session the site keeps (at a phone's width
 * the header's buttons sit in the menu; the sign-up dialog has its own stories).
 */
async function signedUp(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  const res = await page.request.post("/api/auth/signup", {
    data: { email, password: "correct-horse-battery" },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await confirmAddress(page.request, email);
  const token = (await res.json()).access_token as string;
  await page.addInitScript((t) => localStorage.setItem("token", t), token);
}

/** The element's box lies inside the viewport's width (it may be further down the page). */
async function withinWidth(locator: Locator, page: Page, what: string) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, what).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test("the home and category pages show their first row of cards on the first screen", async ({
      page,
      consoleErrors,
    }) => {
      for (const path of ["/", "/category/writing"]) {
        await page.goto(path);
        const first = page.locator("article.tool-card").first();
        // The whole first card (its View Details button too) is above the fold.
        await onFirstScreen(first, page, `${path}: first card`);
        await onFirstScreen(first.getByRole("link", { name: /View Details/ }), page, `${path}: View Details`);
        await noHorizontalOverflow(page);
      }
      // A featured card's name keeps clear of the badge in its corner, however long it is.
      await page.goto("/");
      const featured = page.locator("article.tool-card").filter({ has: page.locator(".badge-featured") });
      expect(await featured.count()).toBeGreaterThan(0);
      for (const card of await featured.all()) {
        // As a maker may name it: long enough to reach the corner at any width.
        await card.locator("h3 a").evaluate((a) => {
          a.textContent = "Supercalifragilistic Summariser Deluxe Professional Edition";
        });
        const badge = await card.locator(".badge-featured").boundingBox();
        const name = await card.locator("h3").boundingBox();
        expect(badge && name).toBeTruthy();
        if (badge && name) expect(name.x + name.width, "name clear of the badge").toBeLessThanOrEqual(badge.x);
      }

      // Home: the category chips are one line that scrolls sideways, 'All' first.
      await page.goto("/");
      const chips = page.getByRole("group", { name: "Categories" }).getByRole("button");
      await expect(chips.first()).toHaveText("All");
      const tops = await chips.evaluateAll((all) => all.map((c) => Math.round(c.getBoundingClientRect().top)));
      expect(new Set(tops).size, "one line of category chips").toBe(1);
      // The tags are among the filters, folded: opened, a tag filters the list.
      await expect(page.getByRole("navigation", { name: "Tags" })).toBeHidden();
      await page.getByText("Tags", { exact: true }).click();
      await page
        .getByRole("navigation", { name: "Tags" })
        .getByRole("link", { name: /^Citations/ })
        .click();
      await expect(page).toHaveURL(/\/\?tag=citations$/);
      await expect(page.getByText("Tags (1)")).toBeVisible();
      // The panel over the cards folds once a tag is picked, so the results show; a tap outside folds it too.
      const tagPanel = page.getByRole("navigation", { name: "Tags" });
      await expect(tagPanel).toBeHidden();
      await expect(page.locator("article.tool-card").first()).toBeInViewport({ ratio: 1 });
      await page.getByText("Tags (1)").click();
      await expect(tagPanel).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(tagPanel).toBeHidden();
      await noHorizontalOverflow(page);

      if (size.width < 640) {
        // The phone menu closes when one of its buttons opens the sign-in dialog.
        const menu = page.getByRole("button", { name: "Menu" });
        await menu.click();
        await page.getByRole("button", { name: "Log In" }).click();
        await expect(page.getByRole("dialog").getByRole("heading", { name: "Welcome Back" })).toBeVisible();
        await expect(menu).toHaveAttribute("aria-expanded", "false");
      }
      expect(consoleErrors).toEqual([]);
    });

    test("the tool page's Visit Website, pricing, Save and Share are on the first screen", async ({
      page,
      consoleErrors,
    }) => {
      await page.goto("/tool/chatgpt");
      const glance = page.getByRole("complementary", { name: "ChatGPT at a glance" });
      await onFirstScreen(glance.getByRole("link", { name: "Visit Website" }), page, "Visit Website");
      await onFirstScreen(glance.getByText("Pricing", { exact: true }), page, "Pricing");
      await withinWidth(glance.getByRole("button", { name: "Share" }), page, "Share");
      await withinWidth(glance.getByRole("button", { name: /Save/ }), page, "Save");
      // The sidebar follows the title, and the sections follow it on a phone.
      const title = await page.getByRole("heading", { level: 1 }).boundingBox();
      const about = await page.getByRole("heading", { name: "About ChatGPT" }).boundingBox();
      const sidebar = await glance.boundingBox();
      expect(title && sidebar && about).toBeTruthy();
      if (title && sidebar && about) {
        expect(sidebar.y).toBeGreaterThanOrEqual(title.y);
        if (size.width < 1024) expect(about.y).toBeGreaterThan(sidebar.y + sidebar.height);
        else expect(sidebar.x).toBeGreaterThan(about.x + about.width);
      }
      await noHorizontalOverflow(page);
      expect(consoleErrors).toEqual([]);
    });

    test("My Submitted Tools fits: every action in reach, pills on one line", async ({ page, consoleErrors }) => {
      await signedUp(page, "fits");
      await page.goto("/submit");
      await page.getByLabel("Tool Name").fill("Supercalifragilistic Summariser Deluxe");
      await page.getByRole("button", { name: "Submit Tool" }).click();
      await expect(page).toHaveURL(/\/account$/);
      const row = page.getByRole("row", { name: /Supercalifragilistic/ });
      for (const name of ["Edit", "Delete"]) {
        await withinWidth(row.getByRole(name === "Edit" ? "link" : "button", { name }), page, name);
      }
      const pill = row.locator(".badge").first();
      const { height, lineHeight } = await pill.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        lineHeight: Number.parseFloat(getComputedStyle(el).lineHeight) || 20,
      }));
      expect(height, "the pill is one line").toBeLessThan(lineHeight * 2);
      await noHorizontalOverflow(page);
      expect(consoleErrors).toEqual([]);
    });

    test("the advertising, developer, deals, newsletter and password pages fit the screen", async ({
      page,
      consoleErrors,
    }) => {
      for (const path of NEWER_PAGES) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await withinWidth(page.getByRole("heading", { level: 1 }), page, `${path}: title`);
        await noHorizontalOverflow(page);
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe("a member who pays while their tool waits for review", () => {
  test.use({ viewport: SIZES[0] });

  test("is told why it cannot be featured yet, and the admin's queue shows it first, marked Paid", async ({
    page,
    browser,
    consoleErrors,
  }) => {
    await page.goto("/pricing");
    // The pricing card says what a purchase buys, renewing and cancelling included.
    await expect(page.getByText(/gives you Pro for 30 days/)).toBeVisible();
    await expect(page.getByText(/buy again to add another 30 days/)).toBeVisible();
    await expect(page.getByText(/Cancelling ends Pro at once/)).toBeVisible();

    await signedUp(page, "paid-review");
    await page.goto("/submit");
    await page.getByLabel("Tool Name").fill("Waiting Room Writer");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("row", { name: /Waiting Room Writer/ }).getByText("Pending review")).toBeVisible();

    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Pro" }).click();
    // Checkout repeats what the purchase buys.
    await expect(page.getByText(/gives you Pro for 30 days/)).toBeVisible();
    // The checkout fits the phone: Pay and Cancel in reach, nothing off to the side.
    await withinWidth(page.getByRole("button", { name: "Cancel" }), page, "Cancel at checkout");
    await noHorizontalOverflow(page);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.getByRole("link", { name: "Go to My Account" }).click();
    await expect(page.getByText("Pro Member")).toBeVisible();
    await expect(page.getByText(/· 30 days left/)).toBeVisible();
    await expect(page.getByText(/can be featured once it is approved/)).toBeVisible();
    const row = page.getByRole("row", { name: /Waiting Room Writer/ });
    await expect(row.getByText("Can be featured once approved")).toBeVisible();
    await expect(row.getByText("Paid: reviewed first")).toBeVisible();
    // On the phone's card, the second line stays under the status, not under the column's name.
    const pending = await row.getByText("Pending review").boundingBox();
    const paid = await row.getByText("Paid: reviewed first").boundingBox();
    expect(paid?.x, "Paid: reviewed first, under Pending review").toBeCloseTo(pending?.x ?? -1, 0);
    await expect(row.getByRole("button", { name: "Feature" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);

    // The admin's moderation queue leads with the paid tool; on a phone too, with Approve and
    // Reject in reach without panning.
    const signin = await page.request.post("/api/auth/signin", {
      data: { email: "admin@example.com", password: "demo-password" },
    });
    const token = (await signin.json()).access_token as string;
    for (const size of SIZES) {
      const admin = await browser.newPage({ viewport: size });
      await admin.goto("/");
      await admin.evaluate((t) => localStorage.setItem("token", t), token);
      await admin.goto("/admin/moderation");
      const firstRow = admin.locator("tbody tr").first();
      await expect(firstRow).toContainText("Waiting Room Writer");
      await expect(firstRow.getByText("Paid review", { exact: true })).toBeVisible();
      await noHorizontalOverflow(admin);
      for (const name of ["Approve", "Reject"]) {
        await withinWidth(firstRow.getByRole("button", { name }), admin, `${name} at ${size.width}`);
      }
      await admin.close();
    }
  });
});

test.describe("an admin", () => {
  test.use({ viewport: SIZES[1] });

  test("manages tools at a phone's and a desktop's size without the page scrolling sideways", async ({
    browser,
    request,
  }) => {
    const signin = await request.post("/api/auth/signin", {
      data: { email: "admin@example.com", password: "demo-password" },
    });
    const { access_token: token } = await signin.json();
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: size });
      await page.goto("/");
      await page.evaluate((t) => localStorage.setItem("token", t), token);
      await page.goto("/admin/tools");
      const firstRow = page.locator("tbody tr").first();
      await expect(firstRow).toBeVisible();
      await noHorizontalOverflow(page);
      for (const name of ["Upload CSV", "Export CSV"]) {
        const button = page.getByRole("button", { name });
        await button.scrollIntoViewIfNeeded();
        await onFirstScreen(button, page, `${name} at ${size.width}`);
      }
      // The Actions column is reached by scrolling the table's own container.
      const rowActions = firstRow.locator("td").last();
      await rowActions.scrollIntoViewIfNeeded();
      const box = await rowActions.boundingBox();
      expect(box, "Actions cell").not.toBeNull();
      if (box) expect(box.x + box.width, `Actions at ${size.width}: right edge`).toBeLessThanOrEqual(size.width);
      await noHorizontalOverflow(page);
      const shots = process.env.SCREENSHOTS_DIR;
      if (shots) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${shots}/admin-tools-${size.width}.png` });
      }
      await page.close();
    }
  });

  test("sent from /admin to / to sign in, is told why, signs in and is back in the admin", async ({ page }) => {
    await page.goto("/admin/tools");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Please sign in to open the admin")).toBeVisible();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await dialog.getByLabel("Email").fill("admin@example.com");
    await dialog.getByLabel("Password").fill("demo-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/tools$/);
    await page.getByRole("menuitem", { name: "View site" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
  });
});
