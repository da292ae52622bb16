import { rmSync, writeFileSync } from "node:fs";
import { nextWeek, weekOf } from "../lib/sponsors";
import { builtAfter, expect, lastBuildId, placementId, test, whenServed } from "./fixtures";

/** The sponsor-weeks job reads "now" from this file (SPONSOR_CLOCK_FILE in playwright.config.ts). */
const CLOCK_FILE = `${process.env.E2E_DATA_DIR ?? "data/e2e"}/sponsor-clock`;
const ADMIN = { email: "admin@example.com", password: "demo-password" };

test.afterEach(() => rmSync(CLOCK_FILE, { force: true }));

test("the tool-sidebar and search-results sponsors show, labelled and rel=sponsored, during their week only", async ({
  page,
  request,
  consoleErrors,
}) => {
  rmSync(CLOCK_FILE, { force: true });
  const signin = await request.post("/api/auth/signin", { data: ADMIN });
  const headers = { Authorization: `Bearer ${(await signin.json()).access_token}` };
  const stamp = Date.now().toString(36);
  const before = await lastBuildId(request);
  const titles: Record<string, string> = {};
  for (const kind of ["tool_sidebar", "search_top"]) {
    titles[kind] = `Lantern ${kind} ${stamp}`;
    const booked = await request.post("/api/sponsors/bookings", {
      headers,
      data: {
        placement_id: await placementId(request, kind),
        weeks: [weekOf(new Date())],
        banner: { title: titles[kind], text: "Notes that write themselves", url: "https://lantern.example/" },
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const { url, booking_ids } = (await booked.json()) as { url: string; booking_ids: number[] };
    // Paid on the local checkout, then approved.
    await page.goto(url);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/advertise/);
    for (const id of booking_ids) {
      const approved = await request.post(`/api/admin/sponsor-bookings/${id}/approve`, { headers });
      expect(approved.status(), await approved.text()).toBe(200);
    }
  }
  await builtAfter(request, before, "tool_sidebar");
  const [tool] = (await (await request.get("/api/tools/?limit=1")).json()) as { slug: string; name: string }[];
  if (!tool) throw new Error("the demo data has no tool");

  await whenServed(page, `/tool/${tool.slug}`, async () => {
    const slot = page
      .getByRole("complementary", { name: `${tool.name} at a glance` })
      .getByRole("complementary", { name: "Sponsors" });
    await expect(slot.getByText("Sponsored", { exact: true })).toBeVisible();
    await expect(slot.getByRole("link", { name: titles.tool_sidebar })).toHaveAttribute("rel", /\bsponsored\b/);
  });

  // Above the results of a search, never instead of them.
  await page.goto(`/?search=${encodeURIComponent(tool.name)}`);
  const sponsored = page.getByRole("complementary", { name: "Sponsored results" });
  await expect(sponsored.getByText("Sponsored", { exact: true })).toBeVisible();
  await expect(sponsored.getByRole("link", { name: titles.search_top })).toHaveAttribute("rel", /\bsponsored\b/);
  await expect(
    page.getByRole("article").filter({ has: page.getByRole("heading", { name: tool.name, exact: true }) }),
  ).toBeVisible();

  // The week ends on the job's clock: the sidebar slot leaves every tool page.
  const ended = await lastBuildId(request);
  writeFileSync(CLOCK_FILE, `${nextWeek(weekOf(new Date()))}T00:00:01.000Z`);
  await builtAfter(request, ended, "tool_sidebar");
  await whenServed(page, `/tool/${tool.slug}`, async () => {
    await expect(page.getByText(titles.tool_sidebar ?? "")).toHaveCount(0);
  });
  expect(consoleErrors).toEqual([]);
});
