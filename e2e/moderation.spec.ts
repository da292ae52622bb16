import { builtAfter, expect, lastBuildId, signUp, test, uniqueEmail, whenServed } from "./fixtures";

test.describe("moderation", () => {
  test("a member's submission waits as 'Pending review' until an admin approves it in the queue, then its page is live", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const name = `Moderated Muse ${Date.now().toString(36)}`;
    const slug = name.toLowerCase().replace(/ /g, "-");
    await page.goto("/");
    await signUp(page, uniqueEmail("moderated"));
    await page.getByRole("link", { name: "Submit Tool" }).click();
    await page.getByLabel("Tool Name").fill(name);
    await page.getByLabel("Description").fill("Writes verses on request.");
    await page.getByLabel("Website URL").fill("https://muse.example");
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Tool submitted successfully!")).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("cell", { name: "Pending review" })).toBeVisible();
    await expect(
      page.getByText("Tools pending review appear in the directory once a moderator approves them."),
    ).toBeVisible();
    // Not public yet: the site has no page for it and the API does not list it.
    expect((await request.get(`/api/tools/slug/${slug}`)).status()).toBe(404);

    // The admin (same browser, signed in as the admin) approves it from the queue.
    await page.evaluate(async () => {
      const res = await fetch("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.com", password: "demo-password" }),
      });
      localStorage.setItem("token", (await res.json()).access_token);
    });
    await page.goto("/admin");
    await page.getByRole("menuitem", { name: "Moderation" }).click();
    await expect(page).toHaveURL(/\/admin\/moderation$/);
    const queued = page.getByRole("row", { name: new RegExp(name) });
    await expect(queued).toBeVisible();
    const since = await lastBuildId(request);
    await queued.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("1 tool approved")).toBeVisible();
    await expect(queued).toHaveCount(0);

    await builtAfter(request, since, `tool approved: ${slug}`);
    await whenServed(page, `/tool/${slug}`, async () => {
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible({ timeout: 1000 });
    });
    expect(consoleErrors).toEqual([]);
  });
});
