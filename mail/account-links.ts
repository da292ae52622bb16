import { type Settings, siteOrigins } from "../config/settings";
import type { Db } from "../db/client";
import { createUserWithMail, issueAuthToken, newAuthToken } from "../db/queries/auth-tokens";
import { headerText, mailAddress, queueMail, type Tx } from "./outbox";
import { templates } from "./templates/index";

const HOUR = 3_600_000;
/** How long each mailed link works. */
const LINK_LIFETIME_MS = { reset: HOUR, verify: 7 * 24 * HOUR, email_change: HOUR } as const;

type LinkSettings = Pick<Settings, "PUBLIC_URL" | "PORT">;
type Account = { id: number; email: string };

const link = (settings: LinkSettings, page: string, token: string) =>
  `${siteOrigins(settings)[0]}/${page}?token=${encodeURIComponent(token)}`;

/** Issues a verification token and queues its mail, in `tx` (the sign-up's transaction, say). */
export async function queueVerification(tx: Db | Tx, settings: LinkSettings, user: Account, now: Date) {
  const token = await issueAuthToken(tx, {
    userId: user.id,
    purpose: "verify",
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS.verify),
  });
  await queueMail(tx, {
    to: user.email,
    template: "verifyEmail",
    data: { url: link(settings, "verify-email", token) },
    list: null,
    userId: user.id,
  });
}

/** Issues a reset token and queues its mail, in one transaction. */
export async function queuePasswordReset(db: Db, settings: LinkSettings, user: Account, now: Date) {
  await db.transaction(async (tx) => {
    const token = await issueAuthToken(tx, {
      userId: user.id,
      purpose: "reset",
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS.reset),
    });
    await queueMail(tx, {
      to: user.email,
      template: "passwordReset",
      data: { url: link(settings, "reset-password", token) },
      list: null,
      userId: user.id,
    });
  });
}

/** Sends the confirmation of a new address to that address; the account moves only when it is followed. */
export async function queueEmailChange(db: Db, settings: LinkSettings, user: Account, newEmail: string, now: Date) {
  await db.transaction(async (tx) => {
    const token = await issueAuthToken(tx, {
      userId: user.id,
      purpose: "email_change",
      newEmail,
      expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS.email_change),
    });
    await queueMail(tx, {
      to: newEmail,
      template: "emailChange",
      data: { url: link(settings, "confirm-email", token), oldEmail: user.email },
      list: null,
      userId: user.id,
    });
  });
}

/** Creates the member and queues their verification mail in one transaction; null when the address is taken. */
export async function signUpWithVerification(
  db: Db,
  settings: LinkSettings,
  account: { email: string; passwordHash: string },
  now: Date,
) {
  const raw = newAuthToken();
  const data = { url: link(settings, "verify-email", raw) };
  return createUserWithMail(
    db,
    { email: mailAddress(account.email), passwordHash: account.passwordHash },
    { purpose: "verify", raw, expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS.verify) },
    { template: "verifyEmail", subject: headerText(templates.verifyEmail.subject(data)), data },
  );
}
