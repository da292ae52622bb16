import { builtAfter, expect, lastBuildId, test, whenServed } from "./fixtures";

const ADMIN = { email: "admin@example.com", password: "demo-password" };

async function adminLogin(page: import("@playwright/test").Page) {
  await page.goto("/");
  await page.evaluate(async ({ email, password }) => {
    const res = await fetch("/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const body = await res.json();
    localStorage.setItem("token", body.access_token);
  }, ADMIN);
}

test.describe("an administrator", () => {
  test("a signed-out visitor opening /admin is sent to /", async ({ page }) => {
    await page.goto("/admin/tools");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test("sees the dashboard statistics and the build history", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin");
    for (const label of [/total tools/i, /total categories/i, /total reviews/i, /featured tools/i]) {
      await expect(page.getByText(label).first()).toBeVisible();
    }
    await expect(page.getByRole("button", { name: /rebuild now/i })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("finds Logout in the sidebar, which signs out and goes to /", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin");
    const sidebar = page.getByRole("menu");
    for (const item of ["Dashboard", "Tools", "Categories", "Content", "Logout"]) {
      await expect(sidebar.getByRole("menuitem", { name: item })).toBeVisible();
    }
    await sidebar.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("edits a tool in the five-tab dialog", async ({ page, request, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin/tools");
    await page.getByPlaceholder("Search", { exact: true }).fill("ChatGPT");
    await expect(page.getByRole("row", { name: /ChatGPT/ }).first()).toBeVisible();
    for (const column of ["Category", "Pricing", "Saves", "Clicks"]) {
      await expect(page.getByText(column, { exact: true }).first()).toBeVisible();
    }
    await page
      .getByRole("row", { name: /ChatGPT/ })
      .first()
      .getByRole("link", { name: "Edit" })
      .click();
    await expect(page).toHaveURL(/\/admin\/tools\/\d+(\?|$)/);
    for (const tab of ["Basic", "Media", "Pros & Cons", "FAQ", "Monetization"]) {
      await expect(page.getByRole("tab", { name: tab })).toBeVisible();
    }
    await page.getByRole("tab", { name: "Monetization" }).click();
    await expect(page.getByText("Affiliate clicks are tracked automatically")).toBeVisible();
    await page.getByRole("tab", { name: "Pros & Cons" }).click();
    const pros = page.getByRole("tabpanel").filter({ visible: true });
    await pros.getByRole("button", { name: /add/i }).first().click();
    await pros.getByRole("textbox", { name: "Pro" }).last().fill("Great for quick demos");
    await page.getByRole("tab", { name: "faq" }).click();
    const faq = page.getByRole("tabpanel").filter({ visible: true });
    await faq.getByRole("button", { name: /add/i }).first().click();
    await faq.getByRole("textbox", { name: "Question" }).last().fill("Does it work offline?");
    await faq.getByRole("textbox", { name: "Answer" }).last().fill("No, it needs a connection.");
    await page.getByRole("tab", { name: "Basic" }).click();
    const description = page.getByRole("textbox", { name: "Description" });
    await description.fill("An AI assistant for writing, analysis and code. Edited by the admin.");
    const since = await lastBuildId(request);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Tool updated successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    // Back on the list, with the search it had.
    await expect(page).toHaveURL(/\/admin\/tools(\?|$)/);
    await expect(page.getByPlaceholder("Search", { exact: true })).toHaveValue("ChatGPT");
    await builtAfter(request, since, "tool updated: chatgpt");
    await whenServed(page, "/tool/chatgpt", async () => {
      await expect(page.getByText("Edited by the admin.")).toBeVisible({ timeout: 1000 });
    });
    await expect(page.getByText("Great for quick demos")).toBeVisible();
    await expect(page.getByText("Does it work offline?")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("creates a template article that generates one article per keyword", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin/content");
    await expect(page.getByText("Content Management").first()).toBeVisible();
    await page
      .getByRole("link", { name: /create/i })
      .or(page.getByRole("button", { name: /create/i }))
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Title/ }).fill("Best AI tools for {keyword}");
    await dialog.getByRole("button", { name: "Generate" }).click();
    await expect(dialog.getByRole("textbox", { name: /^Slug/ })).toHaveValue("best-ai-tools-for-keyword");
    await dialog.getByRole("switch", { name: "Use as template" }).check();
    await dialog.getByRole("textbox", { name: /Keywords/ }).fill("lawyers\n\nteachers\n");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Article created and 2 articles generated from template!")).toBeVisible();
    await expect(page.getByText("Best AI tools for lawyers")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("pages and sorts the tools on the server", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    const listRequest = (range: string) =>
      page.waitForRequest((req) => {
        const url = decodeURIComponent(req.url());
        return url.includes("/api/admin/tools?") && url.includes(`range=${range}`);
      });
    const firstPage = listRequest("[0,24]");
    await page.goto("/admin/tools");
    await firstPage;
    await expect(page.getByText(/^1-25 of \d+$/)).toBeVisible();
    const rows = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Edit" }) });
    await expect(rows).toHaveCount(25);
    const pageOne = await rows.allInnerTexts();

    const secondPage = listRequest("[25,49]");
    await page.getByRole("button", { name: "Go to page 2" }).click();
    await secondPage;
    await expect(page.getByText(/^26-50 of \d+$/)).toBeVisible();
    await expect(rows).toHaveCount(25);
    // The pager shows the new range as soon as it is asked for; the rows follow once drawn.
    await expect.poll(async () => (await rows.allInnerTexts()).filter((row) => pageOne.includes(row))).toEqual([]);

    const sorted = page.waitForRequest((req) => decodeURIComponent(req.url()).includes('sort=["name","ASC"]'));
    await page.getByRole("button", { name: /^sort by tool /i }).click();
    await sorted;
    await expect(page.getByText(/^1-25 of \d+$/)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("adds a tool by hand in the same five tabs", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin/tools");
    await page.getByRole("link", { name: "Create" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading", { name: "New tool" })).toBeVisible();
    for (const tab of ["Basic", "Media", "Pros & Cons", "FAQ", "Monetization"]) {
      await expect(dialog.getByRole("tab", { name: tab })).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Required").first()).toBeVisible();
    await dialog.getByRole("textbox", { name: /^Name/ }).fill("Hand Made Helper");
    await dialog.getByRole("textbox", { name: "Website URL" }).fill("https://helper.example");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Tool created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByPlaceholder("Search", { exact: true }).fill("Hand Made");
    const row = page.getByRole("row", { name: /Hand Made Helper/ });
    await expect(row).toBeVisible();
    await expect(row.getByText("/hand-made-helper")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("shows a tool's logo from the site's own copy, the one the site shows", async ({ page, consoleErrors }) => {
    await page.goto("/tool/chatgpt");
    const siteLogo = await page.locator("img.logo.logo-lg").getAttribute("src");
    const hash = /^\/media\/([0-9a-f]{32})-/.exec(siteLogo ?? "")?.[1];
    expect(hash).toBeTruthy();
    await adminLogin(page);
    await page.goto("/admin/tools");
    await page.getByPlaceholder("Search", { exact: true }).fill("ChatGPT");
    const logo = page
      .getByRole("row", { name: /ChatGPT/ })
      .first()
      .locator(".MuiAvatar-root img");
    await expect(logo).toHaveAttribute("src", new RegExp(`^/media/${hash}-\\d+\\.webp$`));
    expect(consoleErrors).toEqual([]);
  });

  test("creates a category whose slug follows its name, then deletes it after the warning", async ({
    page,
    consoleErrors,
  }) => {
    await adminLogin(page);
    await page.goto("/admin/categories");
    await page.getByRole("link", { name: "New category" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Name/ }).fill("Legal Research & Drafting");
    await expect(dialog.getByRole("textbox", { name: /^Slug/ })).toHaveValue("legal-research-drafting");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();
    const card = page.locator(".MuiCard-root").filter({ hasText: "Legal Research & Drafting" });
    await expect(card.getByText("/legal-research-drafting")).toBeVisible();
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Are you sure? This will NOT delete tools in this category.")).toBeVisible();
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Category deleted")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("creates a tag, renames it (its slug follows), and merges it into another", async ({ page, consoleErrors }) => {
    await adminLogin(page);
    await page.goto("/admin/tags");
    const name = `Legal Drafting ${Date.now()}`;
    await page.getByRole("link", { name: "New tag" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Name/ }).fill(name);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Tag created")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByText(/^\/tag\/legal-drafting-\d+$/)).toBeVisible();

    await row.getByRole("link", { name: "Edit" }).click();
    await dialog.getByRole("textbox", { name: /^Name/ }).fill(`Contract ${name}`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Tag updated")).toBeVisible();
    const renamed = page.getByRole("row").filter({ hasText: `Contract ${name}` });
    await expect(renamed.getByText(/^\/tag\/contract-legal-drafting-\d+$/)).toBeVisible();

    await renamed.getByRole("button", { name: "Merge" }).click();
    const merge = page.getByRole("dialog", { name: /^Merge / });
    await merge.getByRole("combobox", { name: "Into tag" }).click();
    await page.getByRole("option", { name: "Citations", exact: true }).click();
    await merge.getByRole("button", { name: "Merge" }).click();
    await expect(page.getByText(`Merged Contract ${name} into Citations`)).toBeVisible();
    await expect(renamed).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("picks two tools to compare with a verdict on each, and the page shows them", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await adminLogin(page);
    await page.goto("/admin/comparisons");
    await expect(page.getByRole("row", { name: /ChatGPT.*Claude/ })).toBeVisible();
    await page.getByRole("link", { name: "New comparison" }).click();
    const dialog = page.getByRole("dialog");
    const pick = async (label: string, name: string) => {
      await dialog.getByRole("combobox", { name: label }).fill(name);
      await page.getByRole("option", { name, exact: true }).click();
    };
    await pick("First tool", "Suno");
    await pick("Second tool", "Suno");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(dialog.getByText("Pick two different tools").first()).toBeVisible();
    await pick("Second tool", "Udio");
    await dialog.getByRole("textbox", { name: "Verdict on the first tool" }).fill("Suno for full songs in a minute");
    await dialog.getByRole("textbox", { name: "Verdict on the second tool" }).fill("Udio for finer control");
    const since = await lastBuildId(request);
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Comparison created")).toBeVisible();
    await expect(
      page.getByRole("row", { name: /Suno.*Udio/ }).getByRole("link", { name: "/compare/suno-vs-udio" }),
    ).toBeVisible();
    await builtAfter(request, since, "comparison created: suno-vs-udio");
    await whenServed(page, "/compare/suno-vs-udio", async () => {
      await expect(page.getByText("Suno for full songs in a minute")).toBeVisible({ timeout: 1000 });
    });
    await expect(page.getByText("Udio for finer control")).toBeVisible();

    // The same pair again is refused with the server's reason.
    await page.goto("/admin/comparisons/create");
    await pick("First tool", "Udio");
    await pick("Second tool", "Suno");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("These two tools are already compared")).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
