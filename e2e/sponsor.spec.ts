import { writeFileSync } from "node:fs";
import { nextWeek, weekOf } from "../lib/sponsors";
import { builtAfter, expect, lastBuildId, signUp, test, uniqueEmail, whenServed } from "./fixtures";

/** The sponsor-weeks job reads "now" from this file (SPONSOR_CLOCK_FILE in playwright.config.ts). */
const CLOCK_FILE = `${process.env.E2E_DATA_DIR ?? "data/e2e"}/sponsor-clock`;
const ADMIN = { email: "admin@example.com", password: "demo-password" };

test("a member books a sponsor week, pays, the admin approves, and it shows as Sponsored until the week ends", async ({
  page,
  request,
  consoleErrors,
}) => {
  const signin = await request.post("/api/auth/signin", { data: ADMIN });
  const headers = { Authorization: `Bearer ${(await signin.json()).access_token}` };

  await page.goto("/");
  await signUp(page, uniqueEmail("sponsor"));
  await page.goto("/advertise");
  const weeks = page.getByRole("list", { name: "Home page top weeks" });
  await weeks.getByRole("checkbox").first().check();
  const title = `Lantern Notes ${Date.now().toString(36)}`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Text").fill("Notes that write themselves");
  await page.getByLabel("Link (URL)").fill("https://lantern.example/");
  await page.getByRole("button", { name: "Book and pay" }).click();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/advertise/);
  await expect(page.getByText("Payment received: your sponsor weeks wait for approval")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Waiting for approval");

  // The admin approves it in the back office; its week has begun, so it goes live at once.
  const approved = await lastBuildId(request);
  await page.evaluate((token) => localStorage.setItem("token", token), headers.Authorization.slice(7));
  await page.goto("/admin/sponsor-bookings");
  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(page.getByText("Booking approved")).toBeVisible();
  await builtAfter(request, approved, "home_top");
  await whenServed(page, "/", async () => {
    const slot = page.getByRole("complementary", { name: "Sponsors" });
    await expect(slot.getByText("Sponsored", { exact: true })).toBeVisible();
    await expect(slot.getByRole("link", { name: title })).toHaveAttribute("rel", /\bsponsored\b/);
  });

  // The week ends: the job's clock moves to next Monday, and the slot goes away.
  const ended = await lastBuildId(request);
  writeFileSync(CLOCK_FILE, `${nextWeek(weekOf(new Date()))}T00:00:01.000Z`);
  // Other placements' weeks may end in the same pass ("sponsors changed: tool_sidebar, home_top").
  await builtAfter(request, ended, "home_top");
  await whenServed(page, "/", async () => {
    await expect(page.getByText(title)).toHaveCount(0);
  });
  expect(consoleErrors).toEqual([]);
});
