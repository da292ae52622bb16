import { expect, lastMailTo, logIn, test, uniqueEmail } from "./fixtures";

test("a forgotten password: the reset mail shows on the admin's Mail page and its link sets a new password", async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const email = uniqueEmail("forgetful");
  const signup = await page.request.post("/api/auth/signup", { data: { email, password: "first-password-1" } });
  expect(signup.ok(), await signup.text()).toBe(true);

  // "Forgot password?" in the sign-in dialog.
  await page.goto("/");
  await page.getByRole("button", { name: "Log In" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Forgot password?" }).click();
  await expect(dialog.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Send reset link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/If an account uses this address, a link to reset its password/);

  // The admin finds the mail, sent through the local SMTP catcher, on the Mail page.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.goto("/");
  await logIn(admin, "admin@example.com", "demo-password");
  await admin.goto("/admin/mail");
  const row = admin.getByRole("row", { name: new RegExp(`${email}.*Reset your .* password`) });
  // The reset is queued just after the answer and sent by the next pass of the sender.
  await expect(async () => {
    await admin.getByRole("button", { name: "Refresh" }).click();
    await expect(row.getByText("sent")).toBeVisible({ timeout: 1000 });
  }).toPass();
  await row.click();
  const text = admin.locator("pre");
  await expect(text).toContainText("/reset-password?token=");
  await expect(admin.frameLocator("iframe").getByRole("link", { name: "Choose a new password" })).toBeVisible();
  const link = /(http\S+\/reset-password\?token=\S+)/.exec((await text.textContent()) ?? "")?.[1];
  expect(link).toBeTruthy();
  await adminContext.close();

  // Following the link sets a new password, which then signs in.
  await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  await page.getByLabel("New password").fill("second-password-2");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set. Sign in with it.")).toBeVisible();
  await page.getByRole("button", { name: "Sign In" }).click();
  const signIn = page.getByRole("dialog");
  await signIn.getByLabel("Email").fill(email);
  await signIn.getByLabel("Password").fill("second-password-2");
  await signIn.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back!")).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test("the confirmation link followed twice says the address is confirmed, not that the link is bad", async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail("twice");
  const signup = await page.request.post("/api/auth/signup", { data: { email, password: "twice-password-1" } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const token = (await signup.json()).access_token as string;
  await page.addInitScript((t) => localStorage.setItem("token", t), token);
  const { text } = await lastMailTo(page.request, email);
  const link = /(\/verify-email\?token=[\w%-]+)/.exec(text)?.[1] ?? "";
  expect(link).toBeTruthy();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Address confirmed" })).toBeVisible();
  await expect(page.getByText("Your email address is already confirmed.")).toBeVisible();
  // The API's 400 for the spent link is the only console line.
  expect(consoleErrors.filter((e) => !/400/.test(e))).toEqual([]);
});
