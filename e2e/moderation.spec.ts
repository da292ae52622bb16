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

  test("two submissions selected together are rejected with one reason, which their owner then reads", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const stamp = Date.now().toString(36);
    const names = [`Rejected Reed ${stamp}`, `Rejected Rook ${stamp}`];
    await page.goto("/");
    await signUp(page, uniqueEmail("rejected"));
    const member = await page.evaluate(() => localStorage.getItem("token"));
    for (const name of names) {
      const submitted = await request.post("/api/tools/", {
        headers: { authorization: `Bearer ${member}` },
        data: { name, description: "Writes verses on request.", website_url: "https://reed.example" },
      });
      expect(submitted.status()).toBe(201);
    }
    const admin = await (
      await request.post("/api/auth/signin", { data: { email: "admin@example.com", password: "demo-password" } })
    ).json();
    await page.evaluate((token) => localStorage.setItem("token", token), admin.access_token);
    await page.goto("/admin/moderation");
    // The selection checkbox of each row (its "Select this row" label is a tooltip around it).
    for (const name of names)
      await page
        .getByRole("row", { name: new RegExp(name) })
        .getByRole("checkbox")
        .check();
    // By keyboard: scrolled down to the rows, the list's toolbar sits under the hiding app bar.
    const bulkReject = page.locator('[data-test="bulk-actions-toolbar"]').getByRole("button", { name: "Reject" });
    await bulkReject.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Reject 2 tools" });
    const reject = dialog.getByRole("button", { name: "Reject" });
    // No rejection without a reason the owners can act on.
    await expect(reject).toBeDisabled();
    await dialog.getByRole("textbox", { name: "Reason (shown to the owner)" }).fill("Duplicates an existing listing");
    await reject.click();
    await expect(page.getByText("2 tools rejected")).toBeVisible();

    // The owner sees why, on each row of their account.
    await page.evaluate((token) => localStorage.setItem("token", token ?? ""), member);
    await page.goto("/account");
    for (const name of names) {
      await expect(
        page.getByRole("row", { name: new RegExp(name) }).getByText("Rejected: Duplicates an existing listing"),
      ).toBeVisible();
    }
    // Neither reached the directory.
    const slug = names[0]?.toLowerCase().replaceAll(" ", "-");
    expect((await request.get(`/api/tools/slug/${slug}`)).status()).toBe(404);
    expect(consoleErrors).toEqual([]);
  });

  test("an owner's edit of their approved tool waits for review: the account says so, the admin approves its diff, and the owner gets no review form", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const name = `Revised Raven ${Date.now().toString(36)}`;
    const slug = name.toLowerCase().replace(/ /g, "-");
    await page.goto("/");
    await signUp(page, uniqueEmail("reviser"));
    const member = await page.evaluate(() => localStorage.getItem("token"));
    const submitted = await request.post("/api/tools/", {
      headers: { authorization: `Bearer ${member}` },
      data: { name, description: "Drafts letters.", website_url: "https://raven.example" },
    });
    expect(submitted.status()).toBe(201);
    const { id } = await submitted.json();
    const admin = (
      await (
        await request.post("/api/auth/signin", { data: { email: "admin@example.com", password: "demo-password" } })
      ).json()
    ).access_token;
    const asAdmin = { authorization: `Bearer ${admin}` };
    let since = await lastBuildId(request);
    expect((await request.post("/api/admin/tools/approve", { headers: asAdmin, data: { ids: [id] } })).status()).toBe(
      200,
    );
    await builtAfter(request, since, `tool approved: ${slug}`);

    // The owner's own tool page offers no review form.
    await whenServed(page, `/tool/${slug}`, async () => {
      await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible({ timeout: 1000 });
    });
    await expect(page.getByText("You can't review a tool you submitted.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Review" })).toHaveCount(0);

    // The owner's change of what the listing says waits; the account page says so.
    const edited = await request.put(`/api/tools/${id}`, {
      headers: { authorization: `Bearer ${member}` },
      data: { description: "Drafts letters and replies to them." },
    });
    expect((await edited.json()).pending_revision).toBe(true);
    await page.goto("/account");
    await expect(
      page.getByRole("row", { name: new RegExp(name) }).getByText("Changes waiting for review"),
    ).toBeVisible();
    expect((await (await request.get(`/api/tools/${id}`)).json()).description).toBe("Drafts letters.");

    // The admin reads the diff in the queue and approves it; the page shows the new text.
    await page.evaluate((token) => localStorage.setItem("token", token), admin);
    await page.goto("/admin/moderation");
    const queued = page.getByRole("row", { name: new RegExp(name) });
    await expect(queued.getByText("Drafts letters and replies to them.")).toBeVisible();
    since = await lastBuildId(request);
    await queued.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Changes approved")).toBeVisible();
    await builtAfter(request, since, `tool changes approved: ${slug}`);
    await whenServed(page, `/tool/${slug}`, async () => {
      await expect(page.getByText("Drafts letters and replies to them.").first()).toBeVisible({ timeout: 1000 });
    });
    expect(consoleErrors).toEqual([]);
  });
});
