import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, logIn, signUp, test, uniqueEmail } from "./fixtures";

const fixture = (name: string) => readFileSync(`media/fixtures/autofill/${name}`);

test.describe("a directory that fills itself and answers software", () => {
  test("a member pastes a tool's website on /submit and sees the form filled", async ({ page, consoleErrors }) => {
    // The maker's website, on this machine.
    const site = createServer((req, res) => {
      const name = req.url === "/" ? "og-site.html" : req.url === "/pricing" ? "plans.html" : null;
      if (!name) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fixture(name));
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    try {
      const website = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
      await page.goto("/");
      await logIn(page, "demo@example.com", "demo-password");
      await page.goto("/submit");
      // A page that cannot be read says why beside the field, until the address changes.
      const field = page.getByLabel("The tool's website");
      await field.fill(`${website}gone`);
      await page.getByRole("button", { name: "Fill from website" }).click();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(/\. You can fill in the form below yourself\.$/);
      await field.fill(website);
      await expect(page.getByText("You can fill in the form below yourself.")).toHaveCount(0);
      await page.getByRole("button", { name: "Fill from website" }).click();
      await expect(page.getByText("Filled from the website: check every field before submitting")).toBeVisible();
      await expect(page.getByLabel("Tool Name")).toHaveValue("Quill");
      await expect(page.getByLabel("Description")).toHaveValue("Quill drafts blog posts and essays in your voice.");
      await expect(page.getByLabel("Website URL")).toHaveValue(website);
      await expect(page.getByLabel("Logo URL")).toHaveValue(`${website}icon-512.png`);
      await expect(page.getByLabel("Pricing Type")).toHaveValue("freemium");
      // The member may still change anything before submitting.
      await page.getByLabel("Tool Name").fill("Quill Writer");
      await expect(page.getByLabel("Tool Name")).toHaveValue("Quill Writer");
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
    expect(consoleErrors).toEqual([]);
  });

  test("an admin fills the new tool form from a website, then imports sites as drafts for review", async ({
    page,
    consoleErrors,
  }) => {
    // Two makers' websites, on this machine: each port is its own site.
    const serve = (home: string) =>
      createServer((req, res) => {
        const name = req.url === "/" ? home : req.url === "/pricing" ? "plans.html" : null;
        if (!name) return res.writeHead(404).end();
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fixture(name));
      });
    const sites = [serve("og-site.html"), serve("json-ld.html")];
    await Promise.all(sites.map((site) => new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve))));
    try {
      const [quill, inkwell] = sites.map((site) => `http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await page.goto("/");
      await logIn(page, "admin@example.com", "demo-password");
      await page.goto("/admin/tools");
      await page.getByRole("link", { name: "Create" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel("The tool's website").fill(quill as string);
      await dialog.getByRole("button", { name: "Fill from website" }).click();
      await expect(page.getByText("Filled from the website: check every field before saving")).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: /^Name/ })).toHaveValue("Quill");
      await expect(dialog.getByRole("textbox", { name: "Website URL" })).toHaveValue(quill as string);
      await expect(dialog.getByRole("textbox", { name: "Logo URL" })).toHaveValue(`${quill}icon-512.png`);

      await page.goto("/admin/tools");
      await page.getByRole("link", { name: "Import from URLs" }).click();
      await page.getByLabel("Website URLs").fill(`${quill}\n${inkwell}\n${inkwell}gone`);
      await page.getByRole("button", { name: "Import", exact: true }).click();
      const results = page.getByRole("list", { name: "Import results" });
      await expect(results.getByRole("listitem")).toHaveCount(3);
      await expect(results.getByRole("listitem").nth(0)).toContainText("Created for review: Quill");
      await expect(results.getByRole("listitem").nth(1)).toContainText("Created for review: Inkwell");
      await expect(results.getByRole("listitem").nth(2)).toContainText("Same site as");
      // A second run finds the drafts of the first and creates nothing.
      await page.getByLabel("Website URLs").fill(quill as string);
      await page.getByRole("button", { name: "Import", exact: true }).click();
      await expect(results.getByRole("listitem")).toHaveCount(1);
      await expect(results.getByRole("listitem").first()).toContainText("Already listed: Quill");
    } finally {
      await Promise.all(sites.map((site) => new Promise((resolve) => site.close(resolve))));
    }
    expect(consoleErrors).toEqual([]);
  });

  test("a member makes an API key, sees it once, uses it, and revokes it", async ({ page, request, consoleErrors }) => {
    await page.goto("/");
    await signUp(page, uniqueEmail("developer"));
    await page.goto("/account");
    await page.getByLabel("Key name").fill("Research agent");
    await page.getByRole("button", { name: "Create API key" }).click();
    const shown = page.getByTestId("new-api-key");
    await expect(shown).toHaveText(/^aitd_/);
    const key = (await shown.textContent()) ?? "";
    const used = await request.get("/api/tools/?limit=1", { headers: { "x-api-key": key } });
    expect(used.status()).toBe(200);
    expect(used.headers()["ratelimit-limit"]).toBeTruthy();
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("new-api-key")).toHaveCount(0);
    const row = page.getByRole("row", { name: /Research agent/ });
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("API key revoked")).toBeVisible();
    await expect(row.getByText("Revoked")).toBeVisible();
    const refused = await request.get("/api/tools/?limit=1", { headers: { "x-api-key": key } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).detail).toBe("Unknown or revoked API key");
    expect(consoleErrors).toEqual([]);
  });
});
