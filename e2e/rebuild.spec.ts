import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { builtAfter, confirmAddress, expect, lastBuildId, signUp, test, uniqueEmail, whenServed } from "./fixtures";

async function adminToken(page: Page) {
  await page.goto("/");
  await page.evaluate(async () => {
    const res = await fetch("/api/auth/signin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@example.com", password: "demo-password" }),
    });
    localStorage.setItem("token", (await res.json()).access_token);
  });
}

test.describe("content changes reach the static site", () => {
  test("a member's review appears on the tool page after the rebuild", async ({ page, request, consoleErrors }) => {
    await page.goto("/tool/perplexity");
    const since = await lastBuildId(request);
    await signUp(page, uniqueEmail("reviewer"));
    await page.getByRole("button", { name: "4 stars" }).click();
    await page.getByLabel("Comment").fill("Finds sources fast, a fixture of my week.");
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Thanks for your review!")).toBeVisible();
    await builtAfter(request, since, "review: perplexity");
    await whenServed(page, "/tool/perplexity", async () => {
      await expect(page.getByText("Finds sources fast, a fixture of my week.")).toBeVisible({ timeout: 1000 });
    });
    expect(consoleErrors).toEqual([]);
  });

  test("an admin imports a CSV, creates a category and a template, and sees them on the site", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await adminToken(page);
    const since = await lastBuildId(request);
    await page.goto("/admin/tools");
    const csv = [
      "name,description,website_url,category,pricing_type,faq",
      'Orbit </script></Script ><!-- Notes,"Notes that <b>orbit</b> your ideas",https://orbit.example,Productivity,free,"[{""question"":""</Script >?"",""answer"":""Yes""}]"',
    ].join("\n");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "tools.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await expect(page.getByText("Uploaded 1 tools successfully")).toBeVisible();

    await page.goto("/admin/categories");
    await page.getByRole("link", { name: "New category" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Name/ }).fill("Robotics & Agents");
    await expect(dialog.getByRole("textbox", { name: /^Slug/ })).toHaveValue("robotics-agents");
    await dialog.getByRole("textbox", { name: /^Short description/ }).fill("Autonomous agents that act for you.");
    await dialog.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Category created successfully")).toBeVisible();

    await page.goto("/admin/content");
    await page.getByRole("link", { name: "Create" }).first().click();
    const article = page.getByRole("dialog");
    await article.getByRole("textbox", { name: /^Title/ }).fill("AI tools for {keyword}");
    await article.getByRole("button", { name: "Generate" }).click();
    await article.getByRole("textbox", { name: "Content (Markdown)" }).fill("The best AI tools for {keyword}.");
    await article.getByRole("switch", { name: "Use as template" }).check();
    await article.getByRole("textbox", { name: /Keywords/ }).fill("chefs\nartists\npilots");
    await article.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Article created and 3 articles generated from template!")).toBeVisible();

    // The last of the three changes: passes go live in order, so once its pass is live the others are.
    await builtAfter(request, since, "article created:");
    await whenServed(page, "/blog", async () => {
      for (const keyword of ["chefs", "artists", "pilots"]) {
        await expect(page.getByRole("link", { name: `AI tools for ${keyword}`, exact: true })).toBeVisible({
          timeout: 1000,
        });
      }
    });
    await page.getByRole("link", { name: "AI tools for pilots", exact: true }).click();
    await expect(page.getByText("The best AI tools for pilots.")).toBeVisible();

    await page.goto("/category/robotics-agents");
    await expect(page.getByRole("heading", { level: 1, name: "Robotics & Agents AI Tools" })).toBeVisible();
    const hostileName = "Orbit </script></Script ><!-- Notes";
    await page.goto("/tool/orbit-script-script-notes");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(hostileName);
    // Hostile text stays text: the JSON-LD still parses and round-trips it.
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
    const faq = ld.find((d) => d["@type"] === "FAQPage");
    expect(faq.mainEntity[0].name).toBe("</Script >?");
    expect(ld.find((d) => d["@type"] === "SoftwareApplication").name).toBe(hostileName);
    const crumbs = ld.find((d) => d["@type"] === "BreadcrumbList");
    expect(crumbs.itemListElement.at(-1).name).toBe(hostileName);
    expect(consoleErrors).toEqual([]);
  });

  test("a Pro member's featured tool shows the Featured badge on its page", async ({
    page,
    request,
    consoleErrors,
  }) => {
    // A name of its own per attempt: a retry runs on the same database, where "Comet Planner"
    // already holds the slug comet-planner.
    const name = `Comet Planner ${Date.now().toString(36)}`;
    const slug = name.toLowerCase().replace(/ /g, "-");
    await page.goto("/");
    await signUp(page, uniqueEmail("featured"));
    await page.goto("/pricing");
    await page.getByRole("button", { name: "Get Pro" }).click();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("heading", { name: "Payment Successful!" })).toBeVisible();
    // A Pro member's submission is published at once, so it can be featured.
    await page.goto("/submit");
    await page.getByLabel("Tool Name").fill(name);
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    const since = await lastBuildId(request);
    await page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("button", { name: "Feature" })
      .click();
    await expect(page.getByText("Tool featured successfully!")).toBeVisible();
    await builtAfter(request, since, `tool updated: ${slug}`);
    await whenServed(page, `/tool/${slug}`, async () => {
      await expect(page.locator("aside .badge-featured")).toHaveText("Featured", { timeout: 1000 });
    });
    expect(consoleErrors).toEqual([]);
  });

  test("a maker claims a listing through a tag on their site and the page shows it Verified", async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The maker's website, on this machine: it serves whatever tag the maker publishes.
    let head = "";
    const site = createServer((_req, res) => res.end(`<html><head>${head}</head><body>Maker</body></html>`));
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      const website = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
      const name = `Beacon Writer ${Date.now().toString(36)}`;
      const slug = name.toLowerCase().replace(/ /g, "-");
      // Someone else listed the tool.
      const listerEmail = uniqueEmail("lister");
      const lister = await request.post("/api/auth/signup", {
        data: { email: listerEmail, password: "correct-horse-battery" },
      });
      const listerToken = (await lister.json()).access_token;
      await confirmAddress(request, listerEmail);
      let since = await lastBuildId(request);
      const created = await request.post("/api/tools/", {
        headers: { authorization: `Bearer ${listerToken}` },
        data: { name, website_url: website },
      });
      expect(created.status()).toBe(201);
      // A member's listing is public once an admin approves it.
      const admin = await request.post("/api/auth/signin", {
        data: { email: "admin@example.com", password: "demo-password" },
      });
      const approved = await request.post("/api/admin/tools/approve", {
        headers: { authorization: `Bearer ${(await admin.json()).access_token}` },
        data: { ids: [(await created.json()).id] },
      });
      expect(approved.status()).toBe(200);
      await builtAfter(request, since, `tool approved: ${slug}`);

      // The member who listed it is not asked whether it is theirs: they may verify it.
      await page.goto("/");
      await page.evaluate((token) => localStorage.setItem("token", token), listerToken);
      await page.goto(`/tool/${slug}`);
      await expect(page.getByText("You submitted this tool.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Verify it is yours" })).toBeVisible();
      await page.evaluate(() => localStorage.removeItem("token"));

      await page.goto(`/tool/${slug}`);
      await signUp(page, uniqueEmail("maker"));
      await page.getByRole("button", { name: "Claim this listing" }).click();
      const tag = await page.getByLabel("A tag in the page's <head>").inputValue();
      expect(tag).toMatch(/^<meta name="ai-tools-directory-verification" content="[0-9a-f]{32}">$/);

      // Checking before publishing says what is missing; publishing the tag verifies.
      await page.getByRole("button", { name: "Verify now" }).click();
      await expect(page.getByText(/We could not find your verification token/)).toBeVisible();
      head = tag;
      since = await lastBuildId(request);
      await page.getByRole("button", { name: "Verify now" }).click();
      await expect(page.getByText(`Verified! You now own the ${name} listing.`)).toBeVisible();
      await builtAfter(request, since, `tool verified: ${slug}`);
      await whenServed(page, `/tool/${slug}`, async () => {
        await expect(page.locator("aside .badge-verified")).toHaveText("Verified", { timeout: 1000 });
      });
      await page.goto("/account");
      await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();

      // The new owner's deal: a dialog of its own, empty at first, with no failed request.
      const failed: string[] = [];
      page.on("response", (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
      await page.getByRole("button", { name: "Deal", exact: true }).click();
      const editor = page.getByRole("dialog", { name: `Deal on ${name}` });
      await expect(editor.getByLabel("Discount code")).toHaveValue("");
      await editor.getByLabel("Discount code").fill("MAKER10");
      await editor.getByLabel("What it gives").fill("10% off the first month");
      await editor.getByLabel("Last day").fill(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
      since = await lastBuildId(request);
      await editor.getByRole("button", { name: "Save deal" }).click();
      await expect(page.getByText("Deal saved: the tool's pages show it in a moment")).toBeVisible();
      await expect(editor).toHaveCount(0);
      await builtAfter(request, since, `deal on ${name} set`);
      // Opened again, it shows the deal, and removing it leaves the next opening empty.
      await page.getByRole("button", { name: "Deal", exact: true }).click();
      await expect(editor.getByLabel("Discount code")).toHaveValue("MAKER10");
      await editor.getByRole("button", { name: "Remove deal" }).click();
      await expect(page.getByText("Deal removed")).toBeVisible();
      await page.getByRole("button", { name: "Deal", exact: true }).click();
      await expect(editor.getByLabel("What it gives")).toHaveValue("");
      await editor.getByRole("button", { name: "Close" }).click();
      await expect(editor).toHaveCount(0);
      // Closed, it hands focus back to the button that opened it.
      await expect(page.getByRole("button", { name: "Deal", exact: true })).toBeFocused();
      expect(failed).toEqual([]);
      expect(consoleErrors).toEqual([]);
    } finally {
      site.close();
    }
  });
});
