import { createHash } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { THEME_INIT_SCRIPT, THEME_STORAGE_KEY } from "../lib/theme";
import { expect, signUp, test, uniqueEmail } from "./fixtures";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Relative luminance of a computed `rgb(...)` colour: below 0.2 reads as a dark surface. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test.describe("themes", () => {
  test("the theme is decided in <head> before the body exists, by a script the CSP allows", async ({
    page,
    request,
    consoleErrors,
  }) => {
    const html = await (await request.get("/")).text();
    // The server renders no theme: the first thing in <head> after the charset is the inline,
    // classic (parser-blocking) script, so it runs before any style or body is parsed.
    expect(html).toMatch(/<html lang="en">/);
    const head = html.slice(html.indexOf("<head>"), html.indexOf("</head>"));
    const first = /<script>([^<]*)<\/script>/.exec(head);
    expect(first?.[1]).toBe(THEME_INIT_SCRIPT);
    expect(head.indexOf("<script>")).toBeLessThan(head.search(/<style|<link rel="stylesheet"/));
    const csp = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(head)?.[1] ?? "";
    const hash = `sha256-${createHash("sha256").update(THEME_INIT_SCRIPT).digest("base64")}`;
    expect(csp).toContain(`'${hash}'`);

    // What that script decides, run as the first thing in a page's <head> (a page of this origin,
    // so it reads the same storage): the stored choice first, else the system's.
    await page.route("**/theme-check", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><html><head><script>${THEME_INIT_SCRIPT}</script></head><body></body></html>`,
      }),
    );
    await page.goto("/");
    const decide = async (stored: string | null, scheme: "light" | "dark") => {
      await page.evaluate(
        ({ key, stored }) => (stored ? localStorage.setItem(key, stored) : localStorage.removeItem(key)),
        { key: THEME_STORAGE_KEY, stored },
      );
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/theme-check");
      return page.locator("html").getAttribute("data-theme");
    };
    expect(await decide(null, "light")).toBe("light");
    expect(await decide(null, "dark")).toBe("dark");
    expect(await decide("light", "dark")).toBe("light");
    expect(await decide("dark", "light")).toBe("dark");
    expect(await decide("purple", "light")).toBe("light");
    expect(consoleErrors).toEqual([]);
  });

  test("the header toggle switches to dark, is remembered across a reload and themes the admin", async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Dark mode" });
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    expect(luminance(await background(page))).toBeGreaterThan(0.8);

    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("dark");

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Dark mode" })).toHaveAttribute("aria-pressed", "true");
    expect(luminance(await background(page))).toBeLessThan(0.05);
    // The focus ring stays visible on the dark theme: a solid outline in a light colour.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.locator(".brand")).toBeFocused();
    const ring = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { outlineStyle: style.outlineStyle, outlineColor: style.outlineColor };
    });
    expect(ring.outlineStyle).toBe("solid");
    expect(luminance(ring.outlineColor)).toBeGreaterThan(0.4);

    // The admin uses react-admin's dark theme from the same stored choice; its own toggle writes it back.
    await page.evaluate(async () => {
      const res = await fetch("/api/auth/signin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "admin@example.com", password: "demo-password" }),
      });
      localStorage.setItem("token", (await res.json()).access_token);
    });
    await page.goto("/admin");
    await expect(page.getByText(/total tools/i).first()).toBeVisible();
    expect(luminance(await background(page))).toBeLessThan(0.05);
    await page.getByRole("button", { name: "Toggle light/dark mode" }).click();
    await expect.poll(() => background(page).then(luminance)).toBeGreaterThan(0.8);
    expect(await page.evaluate((key) => localStorage.getItem(key), THEME_STORAGE_KEY)).toBe("light");
    expect(consoleErrors).toEqual([]);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("the header's menu opens, traps focus, and Escape closes it back onto its button", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/");
    const button = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#site-menu");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toHaveAttribute("aria-controls", "site-menu");
    await expect(menu).toBeHidden();

    await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link", { name: "Blog" })).toBeVisible();
    await expect(menu.getByRole("button", { name: "Log In" })).toBeVisible();

    // Tab walks the button and the menu's controls and comes back round to the button.
    const stops = ["Menu", "Blog", "Pricing", "Dark mode", "Log In", "Sign Up"];
    await button.focus();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    for (const name of [...stops.slice(1), stops[0]]) {
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(name);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await focused()).toBe("Sign Up");

    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // The sign-in dialog opened from the menu shows above the page, not inside the menu.
    await button.click();
    await menu.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Welcome Back" })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test("the screenshot gallery swipes: a strip that snaps one screenshot at a time", async ({
    page,
    consoleErrors,
  }) => {
    await page.route(/placehold\.co/, (route) =>
      route.fulfill({ contentType: "image/svg+xml", body: placeholder(new URL(route.request().url())) }),
    );
    await page.goto("/tool/chatgpt");
    const strip = page.locator(".carousel-track");
    await strip.scrollIntoViewIfNeeded();
    await expect(page.locator("astro-island[ssr] .carousel-track")).toHaveCount(0);
    expect(await strip.evaluate((el) => getComputedStyle(el).scrollSnapType)).toBe("x mandatory");
    await expect(strip).toHaveAttribute("aria-label", "Screenshot 1 of 3");
    await strip.evaluate((el) => el.scrollTo({ left: el.clientWidth }));
    await expect(strip).toHaveAttribute("aria-label", "Screenshot 2 of 3");
    await expect(page.getByRole("button", { name: "Show screenshot 2" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Next screenshot" }).click();
    await expect(strip).toHaveAttribute("aria-label", "Screenshot 3 of 3");
    await expect.poll(() => strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(2);
    expect(consoleErrors).toEqual([]);
  });
});

/** A stand-in for the demo data's placeholder images (outside requests are blocked in tests). */
function placeholder(url: URL): string {
  const text = (url.searchParams.get("text") ?? "").replace(/[^\w ]/g, " ");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#c7d2fe"/><text x="640" y="370" font-size="64" text-anchor="middle" fill="#1e1b4b">${text}</text></svg>`;
}

/**
 * Layout facts at a phone's and a desktop's size, with a full-page screenshot of each for a
 * person to look at (test-results/): nothing wider than the screen, the header on one line,
 * and on the phone every control in reach of a finger (44 px).
 */
async function checkLayout(page: Page, name: string, viewport: { width: number; height: number }, theme: string) {
  await page.setViewportSize(viewport);
  await page.waitForLoadState("networkidle");
  const tag = `${name}-${viewport.width}x${viewport.height}-${theme}`;
  await page.screenshot({ path: test.info().outputPath(`${tag}.png`), fullPage: true });
  await page.screenshot({ path: test.info().outputPath(`${tag}-top.png`) });
  const widths = await page.evaluate(() => ({
    scroll: document.scrollingElement?.scrollWidth ?? 0,
    inner: window.innerWidth,
  }));
  expect(widths.scroll, `${tag}: no horizontal overflow`).toBeLessThanOrEqual(widths.inner);
  const header = await page.locator(".site-header").boundingBox();
  expect(header?.height, `${tag}: the header is one line`).toBeLessThanOrEqual(80);
  if (viewport.width >= 640) return;
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  const targets = page.locator(
    ".site-header a:visible, .site-header button:visible, main button:visible, main .btn:visible, main .chip:visible",
  );
  await tapTargets(targets, tag);
  // And the menu's own controls once it is open.
  await page.getByRole("button", { name: "Menu" }).click();
  await tapTargets(page.locator("#site-menu a:visible, #site-menu button:visible"), `${tag} menu`);
  await page.screenshot({ path: test.info().outputPath(`${tag}-menu.png`) });
  await page.keyboard.press("Escape");
}

async function tapTargets(targets: Locator, tag: string) {
  const count = await targets.count();
  expect(count, tag).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const target = targets.nth(i);
    const box = await target.boundingBox();
    if (!box) continue;
    const label = `${tag}: ${(await target.textContent())?.trim() || (await target.getAttribute("aria-label"))}`;
    expect(box.height, label).toBeGreaterThanOrEqual(44);
    expect(box.width, label).toBeGreaterThanOrEqual(44);
  }
}

test.describe("the layout at 390x844 and 1280x900", () => {
  for (const theme of ["light", "dark"] as const) {
    test(`home, tool and category pages (${theme})`, async ({ page, consoleErrors }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.route(/placehold\.co/, (route) =>
        route.fulfill({ contentType: "image/svg+xml", body: placeholder(new URL(route.request().url())) }),
      );
      await page.goto("/");
      const category = (await page.locator('a.chip[href^="/category/"]').first().getAttribute("href")) ?? "/";
      for (const [name, path] of [
        ["home", "/"],
        ["tool", "/tool/chatgpt"],
        ["category", category],
      ] as const) {
        for (const viewport of [PHONE, DESKTOP]) {
          await page.setViewportSize(viewport);
          await page.goto(path);
          await checkLayout(page, name, viewport, theme);
        }
      }
      expect(consoleErrors).toEqual([]);
    });
  }

  test("the account page", async ({ page, consoleErrors }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await signUp(page, uniqueEmail("layout"));
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await page.goto("/account");
      await expect(page.getByText("Upgrade to Pro")).toBeVisible();
      await checkLayout(page, "account", viewport, "light");
    }
    expect(consoleErrors).toEqual([]);
  });
});
