import { readFile } from "node:fs/promises";
import { expect, lastMailTo, signUp, test, uniqueEmail } from "./fixtures";

test("a visitor subscribes in the footer, gets the confirmation mail, and confirming works", async ({
  page,
  consoleErrors,
}) => {
  const email = uniqueEmail("reader");
  await page.goto("/blog");
  const box = page.getByRole("form", { name: "The week's new AI tools, once a week" });
  await box.scrollIntoViewIfNeeded();
  await box.getByLabel("Email").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  await expect(box.getByRole("status")).toHaveText(/a link to confirm is on its way/);

  // The confirmation is in the outbox as soon as the answer came (the admin's Mail page lists it).
  const { subject, text } = await lastMailTo(page.request, email);
  expect(subject).toBe("Confirm your newsletter subscription");
  const link = /(http\S+\/newsletter\/confirm\?token=[\w-]+)/.exec(text)?.[1] ?? "";
  expect(link).toBeTruthy();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Subscribed!" })).toBeVisible();
  await expect(page.getByText("You are subscribed to the weekly newsletter")).toBeVisible();
  // The link works once.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Not confirmed" })).toBeVisible();
  expect(consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
});

test("a member downloads their data and deletes their account from /account", async ({ page }) => {
  const email = uniqueEmail("leaving");
  const password = "leaving-password-1";
  await page.goto("/");
  await signUp(page, email, password);
  await page.goto("/account");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download my data" }).click();
  const file = await download;
  const data = JSON.parse(await readFile(await file.path(), "utf8"));
  expect(data.account.email).toBe(email);

  await page.getByRole("button", { name: "Delete my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Delete my account" });
  // The tools' fate must be chosen first.
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Delete them").check();
  await dialog.getByLabel("Password").fill("not-my-password");
  await confirm.click();
  await expect(page.getByText("Password is incorrect")).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Log In" })).toBeVisible();
  const signin = await page.request.post("/api/auth/signin", { data: { email, password } });
  expect(signin.status()).toBe(401);
  expect((await lastMailTo(page.request, email)).subject).toBe("Your account was deleted");
});

test("a member joins and leaves the newsletter from /account with one switch", async ({ page, consoleErrors }) => {
  await page.goto("/");
  await signUp(page, uniqueEmail("switch"));
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Weekly newsletter" });
  const box = section.getByRole("checkbox", { name: "The week's new AI tools, once a week" });
  await expect(box).not.toBeChecked();
  await box.check();
  // A confirmed address joins at once: no link to follow.
  await expect(page.getByText("You are subscribed to the weekly newsletter")).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
  await box.uncheck();
  await expect(page.getByText("You are not subscribed to the weekly newsletter")).toBeVisible();
  await page.reload();
  await expect(box).not.toBeChecked();
  expect(consoleErrors).toEqual([]);
});
