import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

/**
 * Waits until every island has hydrated. Islands that wait for the visitor's first interaction
 * (client:interact) are woken as a visitor would wake them, by a key press (Shift types nothing);
 * what a tap does before that is the story of e2e/hydrate-on-interaction.spec.ts.
 */
export async function hydrated(page: Page) {
  // Retried until no island waits: a page that sends the visitor on (/account signed out) may
  // take the key press with it, and the next page's islands need their own.
  await expect(async () => {
    if ((await page.locator('astro-island[ssr][client="interact"]').count()) > 0) await page.keyboard.press("Shift");
    await page.waitForFunction(
      () => !document.querySelector('astro-island[ssr]:is([client="load"], [client="idle"], [client="interact"])'),
      undefined,
      { timeout: 5_000 },
    );
  }).toPass({ timeout: 60_000 });
}

/**
 * Every page blocks requests that leave this machine (logos and videos of the demo data); a
 * console error, an uncaught error or an unexpected dialog fails the test.
 */
/** Blocked outside requests (aborted below) are expected in the console, not product errors. */
export const BLOCKED_REQUEST = /Failed to load resource|ERR_FAILED|ERR_BLOCKED|net::/;

export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await hydrated(page);
      return response;
    };
    await use(page);
  },
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const text = msg.text();
      if (BLOCKED_REQUEST.test(text)) return;
      errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("dialog", (dialog) => {
      if (dialog.type() === "confirm") return;
      errors.push(`unexpected ${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort());
    await use(errors);
    expect(errors, "console errors").toEqual([]);
  },
});

export { expect };

let counter = 0;
export function uniqueEmail(prefix = "member"): string {
  return `${prefix}-${Date.now()}-${++counter}@example.com`;
}

/** Signs up through the header's dialog and waits for the signed-in header. */
export async function signUp(page: Page, email: string, password = "correct-horse-battery") {
  await page.getByRole("button", { name: "Sign Up" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Create Account" })).toBeVisible();
  await expect(dialog.getByText("Minimum 8 characters")).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign Up" }).click();
  await expect(page.getByText("Account created successfully!")).toBeVisible();
  // ...and what to do next: the address is not confirmed yet.
  await expect(page.getByText(`Check your inbox: follow the link we sent to ${email} to confirm it.`)).toBeVisible();
  await expect(page.getByRole("link", { name: "My Account" })).toBeVisible();
  // Submitting asks for a confirmed address: follow the link sign-up mailed.
  await confirmAddress(page.request, email);
}

/** The newest message to `to` as the admin's Mail page shows it (text part included). */
export async function lastMailTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  const headers = await adminHeaders(request);
  const filter = encodeURIComponent(JSON.stringify({ to }));
  const list = await request.get(`/api/admin/mail?filter=${filter}&sort=${encodeURIComponent('["id","DESC"]')}`, {
    headers,
  });
  expect(list.ok(), await list.text()).toBe(true);
  const [newest] = (await list.json()) as { id: number }[];
  expect(newest, `a mail to ${to}`).toBeTruthy();
  const mail = await request.get(`/api/admin/mail/${newest?.id}`, { headers });
  return mail.json();
}

/** Confirms a new member's address with the token of the link mailed at sign-up. */
export async function confirmAddress(request: APIRequestContext, email: string): Promise<void> {
  const { text } = await lastMailTo(request, email.toLowerCase());
  const token = /\/verify-email\?token=([\w%-]+)/.exec(text)?.[1];
  expect(token, text).toBeTruthy();
  const res = await request.post("/api/auth/verify-email", { data: { token: decodeURIComponent(token ?? "") } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.getByRole("button", { name: "Log In" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Welcome Back" })).toBeVisible();
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
}

/** The id of the demo's placement of `kind` (db/seed/index.ts seeds one of each but category tops). */
export async function placementId(request: APIRequestContext, kind: string): Promise<number> {
  const res = await request.get("/api/admin/sponsor-placements", { headers: await adminHeaders(request) });
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { id: number; kind: string }[]).find((p) => p.kind === kind);
  if (!found) throw new Error(`the demo data has no ${kind} placement`);
  return found.id;
}

let adminAuth: Promise<Record<string, string>> | null = null;

/** The demo admin's bearer header, signed in once per worker (to read the site's build list). */
function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  adminAuth ??= request
    .post("/api/auth/signin", { data: { email: "admin@example.com", password: "demo-password" } })
    .then(async (res) => {
      expect(res.ok(), await res.text()).toBe(true);
      return { Authorization: `Bearer ${(await res.json()).access_token}` };
    });
  return adminAuth;
}

type Build = { id: number; reason: string; outcome: string; error: string | null };

async function builds(request: APIRequestContext): Promise<Build[]> {
  const res = await request.get("/api/admin/builds", { headers: await adminHeaders(request) });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The latest site build's id: read it before a change, then wait with `builtAfter`. */
export async function lastBuildId(request: APIRequestContext): Promise<number> {
  return (await builds(request))[0]?.id ?? 0;
}

/**
 * Waits until a site build that took the change named `reason` (the reason the API gives the
 * builder, e.g. "review: perplexity"), started after build `since`, is live. Fails at once when
 * that build failed, unless it was an incremental pass (a full build follows it). The test's own
 * timeout is the only bound: a build takes as long as the machine needs.
 */
export async function builtAfter(request: APIRequestContext, since: number, reason: string): Promise<void> {
  for (;;) {
    const mine = (await builds(request)).filter((b) => b.id > since && b.reason.includes(reason));
    if (mine.some((b) => b.outcome === "ok")) return;
    const failed = mine.find((b) => b.outcome === "failed" && !b.reason.startsWith("incremental:"));
    if (failed) throw new Error(`the site build for "${reason}" failed: ${failed.error}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Loads `path` until `check` passes. Called once the build holding a change is live: the server
 * notices a new build within its recheck interval (200 ms), so this retries only that long.
 */
export async function whenServed(page: Page, path: string, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await check();
  }).toPass();
}
