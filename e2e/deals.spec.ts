import { rmSync, writeFileSync } from "node:fs";
import { builtAfter, expect, lastBuildId, test, whenServed } from "./fixtures";

/** The deal job reads "now" from this file, as the sponsor-weeks job does (playwright.config.ts). */
const CLOCK_FILE = `${process.env.E2E_DATA_DIR ?? "data/e2e"}/sponsor-clock`;
const ADMIN = { email: "admin@example.com", password: "demo-password" };
const DAY = 86_400_000;

test.afterEach(() => rmSync(CLOCK_FILE, { force: true }));

test("an admin adds a deal from the back office; it shows on the tool page, its card and /deals, and goes when it ends", async ({
  page,
  request,
  consoleErrors,
}) => {
  rmSync(CLOCK_FILE, { force: true });
  const signin = await request.post("/api/auth/signin", { data: ADMIN });
  const token = (await signin.json()).access_token as string;
  // The first tool of the home page's list.
  const [tool] = (await (await request.get("/api/tools/?limit=1")).json()) as {
    id: number;
    slug: string;
    name: string;
  }[];
  if (!tool) throw new Error("the demo data has no tool");
  const code = `SPRING${Date.now().toString(36).toUpperCase()}`;
  const ends = new Date(Date.now() + 20 * DAY);

  const before = await lastBuildId(request);
  await page.goto("/");
  await page.evaluate((t) => localStorage.setItem("token", t), token);
  await page.goto(`/admin/deals/create?source=${encodeURIComponent(JSON.stringify({ tool_id: tool.id }))}`);
  await page.getByLabel("Discount code").fill(code);
  await page.getByLabel("Description").fill("25% off the first year");
  await page.getByLabel("Ends").fill(`${ends.toISOString().slice(0, 10)}T12:00`);
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Deal created")).toBeVisible();
  await builtAfter(request, before, `deal on ${tool.name} set`);

  await whenServed(page, `/tool/${tool.slug}`, async () => {
    const deal = page.getByRole("region", { name: `Deal on ${tool.name}` });
    await expect(deal.getByText(code, { exact: true })).toBeVisible();
    await expect(deal.getByRole("button", { name: "Copy code" })).toBeVisible();
    await expect(deal.getByText("25% off the first year")).toBeVisible();
    await expect(deal.getByText(/^Ends \d{1,2} \w+ \d{4}$/)).toBeVisible();
  });
  await whenServed(page, "/deals", async () => {
    await expect(page.getByRole("link", { name: tool.name, exact: true })).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.locator('link[rel="alternate"][href="/deals.xml"]')).toHaveCount(1);
  });
  const feed = await request.get("/deals.xml");
  expect(await feed.text()).toContain(`${tool.name}: 25% off the first year`);
  await whenServed(page, "/", async () => {
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: tool.name, exact: true }) });
    await expect(card.getByText("Deal", { exact: true })).toBeVisible();
  });

  // Its end passes on the job's clock: the deal leaves the pages that showed it.
  const ended = await lastBuildId(request);
  writeFileSync(CLOCK_FILE, new Date(ends.getTime() + DAY).toISOString());
  await builtAfter(request, ended, "deals ended");
  await whenServed(page, `/tool/${tool.slug}`, async () => {
    await expect(page.getByText(code)).toHaveCount(0);
  });
  await whenServed(page, "/deals", async () => {
    await expect(page.getByText("No deals right now.")).toBeVisible();
  });
  await whenServed(page, "/", async () => {
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: tool.name, exact: true }) });
    await expect(card).toBeVisible();
    await expect(card.getByText("Deal", { exact: true })).toHaveCount(0);
  });
  expect(consoleErrors).toEqual([]);
});
