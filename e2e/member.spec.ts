import { expect, hydrated, logIn, signUp, test, uniqueEmail } from "./fixtures";

test.describe("a member", () => {
  test("reviews a tool and sees it at once as their own review, then edits and deletes it", async ({
    page,
    consoleErrors,
  }) => {
    // A tool the seed leaves without reviews.
    await page.goto("/tool/meta-ai");
    const empty = page.getByText("No reviews yet. Be the first to review!");
    const sidebarRating = page.locator("dd.rating");
    await expect(empty).toBeVisible();
    await signUp(page, uniqueEmail("reviewer"));
    await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
    await page.getByRole("button", { name: "4 stars" }).click();
    await page.getByLabel("Comment").fill("Quick answers inside the chat apps I already use.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thanks for your review!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible();
    await expect(page.getByText("Quick answers inside the chat apps I already use.")).toBeVisible();
    await expect(empty).toBeHidden();
    await expect(page.getByRole("heading", { name: "Write a review" })).toHaveCount(0);
    await expect(sidebarRating).toHaveText(/4\.0\s*\(1\)/);

    // Back on the page later, the member's review is still theirs to change.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible();
    await page.getByRole("button", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { name: "Edit your review" })).toBeVisible();
    await expect(page.getByLabel("Comment")).toHaveValue("Quick answers inside the chat apps I already use.");
    await page.getByRole("button", { name: "2 stars" }).click();
    await page.getByRole("button", { name: "Update Review" }).click();
    await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible();
    await expect(sidebarRating).toHaveText(/2\.0\s*\(1\)/);

    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: "Are you sure you want to delete your review?" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText("Review deleted")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Write a review" })).toBeVisible();
    await expect(sidebarRating).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("signs up, saves a tool, submits, edits and deletes their own tool", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const email = uniqueEmail();
    await signUp(page, email, "correct-horse-battery");

    const firstCard = page.locator("article.tool-card").first();
    await firstCard.getByRole("button", { name: "Save tool" }).click();
    await expect(page.getByText("Tool saved!")).toBeVisible();
    await firstCard.getByRole("button", { name: "Remove from saves" }).click();
    await expect(page.getByText("Tool removed from saves")).toBeVisible();

    await page.getByRole("link", { name: "Submit Tool" }).click();
    await expect(page.getByRole("heading", { name: "Submit a New AI Tool" })).toBeVisible();
    await page.getByLabel("Tool Name").fill("Lantern Notes AI");
    await page.getByLabel("Description").fill("Turns meeting audio into **tidy notes**.");
    await page.getByLabel("Website URL").fill("https://lantern.example");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("Pricing Type").selectOption("freemium");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Tool submitted successfully!")).toBeVisible();
    await expect(page.getByText("Upgrade to Pro")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade Now - $9.99" })).toHaveAttribute("href", "/pricing");

    // A member's submission waits for review (moderation is on by default).
    const row = page.getByRole("row", { name: /Lantern Notes AI/ });
    await expect(row.getByRole("cell", { name: "Pending review" })).toBeVisible();
    await expect(row.getByRole("button", { name: "Feature" })).toHaveCount(0);

    await row.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/edit-tool\/\d+$/);
    await expect(page.getByLabel("Tool Name")).toHaveValue("Lantern Notes AI");
    await page.getByLabel("Tool Name").fill("Lantern Notes");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const renamed = page.getByRole("row", { name: /Lantern Notes/ });
    await expect(renamed).toBeVisible();

    await renamed.getByRole("button", { name: "Delete" }).click();
    const confirmDelete = page.getByRole("dialog", { name: "Are you sure you want to delete this tool?" });
    // Escape keeps the tool, and focus goes back to the button that asked.
    await expect(confirmDelete).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(confirmDelete).toHaveCount(0);
    await expect(renamed.getByRole("button", { name: "Delete" })).toBeFocused();
    await renamed.getByRole("button", { name: "Delete" }).click();
    await confirmDelete.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Tool deleted successfully")).toBeVisible();
    await expect(page.getByText("You haven't submitted any tools yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Submit Your First Tool" })).toHaveAttribute("href", "/submit");

    // A toast stays while the pointer rests on it, and it sits over the header: move away and let
    // it go before reaching for Logout.
    await page.mouse.move(0, 400);
    await expect(page.getByText("Tool deleted successfully")).toBeHidden();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/$/);
    await logIn(page, email, "correct-horse-battery");
    await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("sees their tool's views after visiting its page, as a chart with totals, and downloads them as CSV", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await logIn(page, "demo@example.com", "demo-password");
    await page.getByRole("link", { name: "My Account" }).click();
    const link = page.locator("table.data tbody tr").first().getByRole("link").first();
    const name = (await link.textContent()) ?? "";
    const beacon = page.waitForResponse((r) => /\/api\/tools\/\d+\/view$/.test(r.url()));
    await link.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect((await beacon).status()).toBe(204);

    await page.goto("/account");
    const card = page.locator("[data-testid^='analytics-']").filter({ has: page.getByRole("heading", { name }) });
    await expect(card.getByRole("img", { name: /Views and outbound clicks per day/ })).toBeVisible();
    await expect(card.getByTestId("analytics-views")).not.toHaveText("0");
    const download = page.waitForEvent("download");
    await card.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const { readFile } = await import("node:fs/promises");
    const lines = (await readFile((await file.path()) ?? "", "utf8")).trim().split("\n");
    expect(lines[0]).toBe("day,views,clicks,saves,unsaves");
    expect(lines).toHaveLength(31);
    expect(consoleErrors).toEqual([]);
  });

  test("is sent home when visiting /submit signed out, signs up there and is back on /submit", async ({ page }) => {
    await page.goto("/");
    // Every page's footer offers it, to visitors too.
    await page.locator("footer").getByRole("link", { name: "Submit a tool" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Please sign in to submit a tool")).toBeVisible();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();
    await dialog.getByLabel("Email").fill(uniqueEmail("maker"));
    await dialog.getByLabel("Password").fill("correct-horse-battery");
    await dialog.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/submit$/);
    await expect(page.getByLabel("Tool Name")).toBeVisible();
  });

  test("asked to sign in on the way to /submit, is asked once: Back and the next page drop it", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/tool/claude");
    await page.locator("footer").getByRole("link", { name: "Submit a tool" }).click();
    await expect(page).toHaveURL(/\/$/);
    const asked = page.getByText("Please sign in to submit a tool");
    const dialog = page.getByRole("dialog");
    await expect(asked).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();

    const notAskedAgain = async () => {
      await hydrated(page);
      // The header has run (its toast area is there) and the return is gone: nothing more will open.
      await expect(page.locator("section[aria-label^=Notifications]")).toBeAttached();
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem("signInReturn"))).toBeNull();
      await expect(dialog).toHaveCount(0);
      await expect(asked).toHaveCount(0);
    };
    await page.goBack();
    await expect(page).toHaveURL(/\/tool\/claude$/);
    await page.goto("/blog");
    await notAskedAgain();
    await page.goBack();
    await expect(page).toHaveURL(/\/tool\/claude$/);
    await page.reload();
    await notAskedAgain();
    expect(consoleErrors).toEqual([]);
  });

  test("stays signed in when a session check fails on the network, and is signed out by a revoked token", async ({
    page,
  }) => {
    await page.goto("/");
    await signUp(page, uniqueEmail("session"));
    // The first check of the next page is cut off (as when a visitor clicks away mid-request).
    let cut = 0;
    await page.route("**/api/auth/me", (route) => (cut++ === 0 ? route.abort() : route.continue()));
    await page.goto("/account");
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
    expect(cut).toBeGreaterThan(1);
    await page.unroute("**/api/auth/me");
    // Signing out elsewhere revokes the token: the next check answers 401 and signs out here too.
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const logout = await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } });
    expect(logout.ok()).toBe(true);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("buys Pro through checkout, features a tool and cancels", async ({ page, consoleErrors }) => {
    await page.goto("/pricing");
    await expect(page.getByText("Most Popular")).toBeVisible();
    await page.getByRole("button", { name: "Get Pro" }).click();
    await expect(page.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    await page.getByRole("button", { name: "Close" }).click();
    await signUp(page, uniqueEmail("pro"));

    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Pro" }).click();
    await expect(page.getByText("TEST MODE")).toBeVisible();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/payment-success\?session_id=/);
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    await page.getByRole("link", { name: "Go to My Account" }).click();
    await expect(page.getByText("Pro Member")).toBeVisible();
    // One purchase buys 30 days of Pro (FEATURE_DAYS), shown with its end date.
    const ends = new Date(Date.now() + 30 * 24 * 3600 * 1000).toLocaleDateString("en-US", {
      year: "numeric",
      month: "long",
      day: "numeric",
    });
    await expect(page.getByText(`Pro until ${ends}`)).toBeVisible();

    // A Pro member's submission is published at once (no review), so it can be featured.
    await page.goto("/submit");
    await page.getByLabel("Tool Name").fill("Beacon Writer");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const row = page.getByRole("row", { name: /Beacon Writer/ });
    await expect(row.getByRole("cell", { name: "Regular" })).toBeVisible();
    await row.getByRole("button", { name: "Feature" }).click();
    await expect(page.getByText("Tool featured successfully!")).toBeVisible();
    await expect(row.getByText("Featured", { exact: true })).toBeVisible();
    await expect(row.getByText(`until ${ends}`)).toBeVisible();
    await expect(page.getByText("You can only feature one tool at a time")).toBeVisible();

    await page.goto("/pricing");
    await page.getByRole("button", { name: "You have Pro" }).click();
    await expect(page.getByText("You already have Pro access!")).toBeVisible();

    await page.goto("/account");
    await page.getByRole("button", { name: "Cancel Pro subscription" }).click();
    const cancelDialog = page.getByRole("dialog", { name: /^Are you sure you want to cancel your Pro subscription\?/ });
    // It says what cancelling costs: the days left, given up at once.
    await expect(cancelDialog).toHaveAccessibleDescription(
      /^You have \d+ days of Pro left: cancelling gives them up now/,
    );
    // Its two buttons say what each does.
    await expect(cancelDialog.getByRole("button", { name: "Keep Pro" })).toBeVisible();
    await cancelDialog.getByRole("button", { name: "Cancel Pro" }).click();
    await expect(page.getByText("Subscription cancelled successfully")).toBeVisible();
    await expect(page.getByText("Upgrade to Pro")).toBeVisible();
    await expect(page.getByRole("row", { name: /Beacon Writer/ }).getByRole("cell", { name: "Regular" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("sees 'Invalid payment session' without a session id", async ({ page }) => {
    await page.goto("/payment-success");
    await expect(page.getByRole("heading", { name: "Payment Issue" })).toBeVisible();
    await expect(page.getByText("Invalid payment session").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  });
});
