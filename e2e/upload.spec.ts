import sharp from "sharp";
import { builtAfter, expect, lastBuildId, logIn, signUp, test, uniqueEmail, whenServed } from "./fixtures";

test.describe("a logo upload", () => {
  test("a member uploads a logo for their tool on its edit page, and its page shows the stored copy; a file that is no image or too large is refused", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await page.goto("/");
    await logIn(page, "demo@example.com", "demo-password");
    await page.getByRole("link", { name: "My Account" }).click();
    await page.locator("table.data tbody tr").first().getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/edit-tool\/\d+$/);
    const id = page.url().split("/").at(-1);
    const { slug } = (await (await request.get(`/api/tools/${id}`)).json()) as { slug: string };

    const logoField = page.getByLabel("Logo URL");
    const fileInput = page.getByLabel("Upload a logo");
    await expect(logoField).toBeVisible();
    const before = await logoField.inputValue();

    // Refused by the server, whatever the file is called.
    await fileInput.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("plain text") });
    await expect(page.getByText("Only PNG, JPEG, WebP, GIF and SVG images are accepted")).toBeVisible();
    await expect(logoField).toHaveValue(before);

    // Refused before it is sent.
    const tooLarge = Buffer.alloc(5 * 1024 * 1024 + 1);
    await fileInput.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: tooLarge });
    await expect(page.getByText("The image is larger than 5 MB")).toBeVisible();
    await expect(logoField).toHaveValue(before);

    // A colour of its own per run, so the stored copy is new.
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: Date.now() % 256, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    await fileInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("Logo uploaded")).toBeVisible();
    await expect(logoField).toHaveValue(/^\/media\/[0-9a-f]+-\d+\.webp$/);
    const hash = /^\/media\/([0-9a-f]+)-/.exec(await logoField.inputValue())?.[1] ?? "";

    const since = await lastBuildId(request);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Tool updated successfully")).toBeVisible();
    await builtAfter(request, since, `tool updated: ${slug}`);
    await whenServed(page, `/tool/${slug}`, async () => {
      await expect(page.locator("img.logo-lg")).toHaveAttribute("src", new RegExp(`^/media/${hash}-\\d+\\.webp$`), {
        timeout: 1000,
      });
    });
    expect(consoleErrors).toEqual([]);
  });

  test("a logo chosen on the submit page is uploaded once the tool exists", async ({ page, consoleErrors }) => {
    const name = `Logo Lantern ${Date.now().toString(36)}`;
    await page.goto("/");
    await signUp(page, uniqueEmail("logo"));
    await page.getByRole("link", { name: "Submit Tool" }).click();
    await page.getByLabel("Tool Name").fill(name);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#2a9d8f" } })
      .png()
      .toBuffer();
    await page.getByLabel("Upload a logo").setInputFiles({ name: "lantern.png", mimeType: "image/png", buffer: png });
    await expect(page.getByText("lantern.png will be uploaded when the tool is submitted.")).toBeVisible();
    await page.getByRole("button", { name: "Submit Tool" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Tool submitted successfully!")).toBeVisible();
    await page
      .getByRole("row", { name: new RegExp(name) })
      .getByRole("link", { name: "Edit" })
      .click();
    await expect(page.getByLabel("Logo URL")).toHaveValue(/^\/media\/[0-9a-f]+-\d+\.webp$/);
    expect(consoleErrors).toEqual([]);
  });
});
