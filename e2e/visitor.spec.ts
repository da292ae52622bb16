import { expect, test } from "./fixtures";

test.describe("a visitor", () => {
  test("browses the directory, filters by category and pricing, searches and loads more", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Find the Perfect AI Tool for Your Needs" })).toBeVisible();
    await expect(page.getByText("Discover the best AI tools")).toBeVisible();
    const cards = page.locator("article.tool-card");
    await expect(cards).toHaveCount(12);

    await page.getByRole("button", { name: "Load More" }).click();
    await expect(cards).toHaveCount(24);

    const chips = page.getByRole("group", { name: "Categories" });
    await expect(chips.getByRole("button").first()).toHaveText("All");
    await chips.getByRole("button").nth(1).click();
    await expect(chips.getByRole("button").nth(1)).toHaveAttribute("aria-pressed", "true");
    const categoryName = (await chips.getByRole("button").nth(1).textContent()) ?? "";
    await expect(cards.first().locator(".category")).toHaveText(categoryName);

    await chips.getByRole("button", { name: "All" }).click();
    await page.getByLabel("Search AI tools").fill("zzzz-no-such-tool-qqq");
    await page.getByLabel("Search AI tools").press("Enter");
    await expect(page.getByText("No tools found. Try adjusting your filters.")).toBeVisible();

    await page.getByLabel("Search AI tools").fill("chatgpt");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(cards.first().getByRole("heading")).toHaveText("ChatGPT");

    await page.getByLabel("Search AI tools").fill("");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByLabel("Pricing").selectOption("paid");
    await expect(cards.first().locator(".badge.pricing-paid")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("misspells a search and is told which query the results are for", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await page.getByLabel("Search AI tools").fill("imgae generater");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Showing results for" })).toHaveText(
      "Showing results for image generator",
    );
    const categories = page.locator("article.tool-card .category");
    await expect(categories.filter({ hasText: "Image Generation" }).first()).toBeVisible();
    await page.getByLabel("Search AI tools").fill("image generator");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Showing results for")).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("reads a tool page with gallery, reviews, similar tools and FAQ, and shares it", async ({
    page,
    context,
    consoleErrors,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/tool/chatgpt");
    await expect(page.getByRole("heading", { level: 1, name: "ChatGPT" })).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toBeVisible();
    for (const heading of ["About ChatGPT", "User Reviews", "Frequently Asked Questions"]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    const faq = page.locator(".faq details");
    await faq.nth(0).locator("summary").click();
    await faq.nth(1).locator("summary").click();
    await expect(faq.nth(1)).toHaveAttribute("open", "");
    await expect(faq.nth(0)).not.toHaveAttribute("open", "");

    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
    await page.getByRole("button", { name: "Save Tool" }).click();
    await expect(page.getByText("Please log in to save tools")).toBeVisible();

    const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = structured.map((s) => JSON.parse(s)["@type"]);
    expect(types).toEqual(expect.arrayContaining(["SoftwareApplication", "FAQPage", "BreadcrumbList"]));
    expect(consoleErrors).toEqual([]);
  });

  test("goes from a tool page to its alternatives and compares two of them", async ({ page, consoleErrors }) => {
    await page.goto("/tool/chatgpt");
    const similar = page.getByRole("region", { name: "Similar Tools" });
    await expect(similar.locator(".reasons").first()).toContainText(/Shares tags?: .*Chat Assistant/);
    await similar.getByRole("link", { name: "See all ChatGPT alternatives" }).click();

    await expect(page).toHaveURL(/\/alternatives\/chatgpt\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: "Best ChatGPT alternatives" })).toBeVisible();
    const ranked = page.locator("ol.ranked > li");
    await expect(ranked.first()).toContainText("Why it matches:");
    await expect(page.getByRole("table")).toContainText("Pricing");
    await page.getByRole("link", { name: "Compare ChatGPT vs Claude" }).click();

    await expect(page).toHaveURL(/\/compare\/chatgpt-vs-claude\/?$/);
    await expect(page.getByRole("heading", { level: 1, name: "ChatGPT vs Claude" })).toBeVisible();
    const table = page.getByRole("table", { name: "ChatGPT vs Claude, side by side" });
    for (const row of ["Pricing", "Category", "Tags", "Rating", "Saves", "Pros", "Cons", "Verdict"]) {
      await expect(table.getByRole("rowheader", { name: row })).toBeVisible();
    }
    await expect(table).toContainText("Calmer long-form writing");

    // The other order is the same page.
    await page.goto("/compare/claude-vs-chatgpt");
    await expect(page).toHaveURL(/\/compare\/chatgpt-vs-claude\/?$/);
    expect(consoleErrors).toEqual([]);
  });

  test("sees the pre-rendered content with JavaScript off", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("article.tool-card")).toHaveCount(12);
    await page.goto("/tool/chatgpt");
    await expect(page.getByRole("heading", { name: "Pros & Cons" })).toBeVisible();
    await page.goto("/blog");
    await expect(page.locator("article.article-card").first()).toBeVisible();
    await context.close();
  });

  test("filters a category page by pricing", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const href = await page.locator('a.chip[href^="/category/"]').first().getAttribute("href");
    await page.goto(href ?? "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ AI Tools$/);
    await expect(page.getByRole("heading", { name: "Filter by Pricing" })).toBeVisible();
    const status = page.getByText(/^Showing \d+ tools?$/);
    const all = Number((await status.textContent())?.match(/\d+/)?.[0]);
    expect(all).toBeGreaterThan(0);
    for (const option of ["Free", "Freemium", "Paid", "Free Trial"]) {
      await page.getByRole("button", { name: option, exact: true }).click();
      const shown = Number((await status.textContent())?.match(/\d+/)?.[0]);
      expect(shown).toBeLessThanOrEqual(all);
      if (shown === 0) {
        await expect(page.getByText(/No .* tools found in this category\./)).toBeVisible();
        await page.getByRole("button", { name: "View All Tools" }).click();
        await expect(status).toHaveText(`Showing ${all} tools`);
      }
    }
    expect(consoleErrors).toEqual([]);
  });

  test("reads the blog and gets a clear page for an unknown article", async ({ page, consoleErrors }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "AI Tools Directory Blog" })).toBeVisible();
    await page
      .getByRole("link", { name: /^Read more/ })
      .first()
      .click();
    await expect(page.getByRole("link", { name: "← Back to Blog" })).toBeVisible();
    const response = await page.goto("/blog/no-such-article");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Article Not Found" })).toBeVisible();
    await expect(page.getByText("The article you're looking for doesn't exist.")).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog\/?$/);
    expect(consoleErrors).toEqual([]);
  });

  test("is sent home with a message for an unknown tool", async ({ page }) => {
    await page.goto("/tool/no-such-tool-anywhere");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Failed to load tool details")).toBeVisible();
  });

  test("reports a listing without signing in, and an admin finds the report", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const note = `Pricing page says paid only ${Date.now()}`;
    await page.goto("/tool/perplexity");
    await page.getByRole("button", { name: "Report this listing" }).click();
    const form = page.getByRole("form", { name: "Report this listing" });
    await form.getByLabel("What is wrong?").selectOption("wrong_information");
    await form.getByLabel("Details (optional)").fill(note);
    await form.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Thanks, your report was sent to the moderators.")).toBeVisible();
    await expect(form).toBeHidden();

    const signin = await request.post("/api/auth/signin", {
      data: { email: "admin@example.com", password: "demo-password" },
    });
    const token = (await signin.json()).access_token;
    const reports = await request.get(`/api/admin/reports?filter=${encodeURIComponent('{"status":"open"}')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await reports.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ tool_slug: "perplexity", reason: "wrong_information", note })]),
    );
    // In the back office: the open report, resolved with one click.
    await page.evaluate((t) => localStorage.setItem("token", t), token);
    await page.goto("/admin/reports");
    const row = page.getByRole("row", { name: new RegExp(note) });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Resolve" }).click();
    await expect(page.getByText("Report resolved")).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(note) })).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
});
