import { z } from "zod";
import { isUniqueViolation } from "../../db/client";
import { authTokenValid, spendAuthToken } from "../../db/queries/auth-tokens";
import { findUser, findUserByEmail, markEmailVerified, normalizeEmail, setPassword } from "../../db/queries/users";
import { isPublishedPassword } from "../../lib/demo";
import { queueEmailChange, queuePasswordReset, queueVerification } from "../../mail/account-links";
import { mailsRequestedSince } from "../../mail/outbox";
import { afterResponse } from "../after-response";
import { networkKey } from "../client-address";
import type { Deps } from "../context";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { spendMailRequest } from "../middleware/mail-limits";
import { authLimits, clientAddress } from "../middleware/rate-limit";
import { hashPassword, verifyPassword } from "../passwords";
import { apiRouter, jsonBody, route } from "../route";
import { credentials } from "../schemas";

/** Password reset and address verification: the links mailed to a member. Mounted under /auth. */
export const accountLinkRoutes = apiRouter();

const DAY = 86_400_000;
/** Most transactional mails one address or account gets in a day, whoever asks. */
const DAILY_MAILS = 10;
const BAD_LINK = "This link is invalid or has expired. Ask for a new one.";
const RESET_ACCEPTED = "If an account uses this address, a link to reset its password is on its way.";

const token = z.string().min(1).max(200);
const nowOf = (deps: Deps) => deps.now?.() ?? new Date();

accountLinkRoutes.openapi(
  route({
    operationId: "requestPasswordReset",
    status: 202,
    method: "post",
    path: "/password-reset",
    summary: "Mail a password reset link (the same answer whether or not the address has an account)",
    access: "public",
    request: { body: jsonBody(z.object({ email: credentials.shape.email })) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const email = normalizeEmail(c.req.valid("json").email);
    spendMailRequest(c, email);
    // Looked up and queued after the answer: its status, body and time are the same either way.
    afterResponse(deps.settings, async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) return;
      const now = nowOf(deps);
      const since = new Date(now.getTime() - DAY).toISOString();
      if ((await mailsRequestedSince(deps.db, { to: user.email }, since)) >= DAILY_MAILS) return;
      await queuePasswordReset(deps.db, deps.settings, user, now);
    });
    return c.json({ detail: RESET_ACCEPTED }, 202);
  },
);

accountLinkRoutes.openapi(
  route({
    operationId: "confirmPasswordReset",
    method: "post",
    path: "/password-reset/confirm",
    summary: "Set a new password with a mailed reset token (signs every session out)",
    access: "public",
    request: { body: jsonBody(z.object({ token, password: credentials.shape.password })) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const body = c.req.valid("json");
    if (isPublishedPassword(body.password)) {
      fail(422, "password: this password is published (the demo accounts use it); choose another");
    }
    // The link is checked before the costly hash and spent only after it: one use wins.
    if (!(await authTokenValid(db, "reset", body.token, nowOf(c.var.deps)))) fail(400, BAD_LINK);
    const hash = await hashPassword(body.password, networkKey(clientAddress(c)));
    const spent = await spendAuthToken(db, "reset", body.token, nowOf(c.var.deps));
    if (!spent) fail(400, BAD_LINK);
    // A new token version signs every session out; the mail reached the address, which proves it.
    await setPassword(db, spent.userId, hash);
    await markEmailVerified(db, spent.userId);
    return c.json({ detail: "Your password is set. Sign in with it." });
  },
);

accountLinkRoutes.openapi(
  route({
    operationId: "verifyEmail",
    method: "post",
    path: "/verify-email",
    summary: "Confirm the address with the token mailed at sign-up",
    access: "public",
    request: { body: jsonBody(z.object({ token })) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const spent = await spendAuthToken(db, "verify", c.req.valid("json").token, nowOf(c.var.deps));
    if (!spent) fail(400, BAD_LINK);
    await markEmailVerified(db, spent.userId);
    return c.json({ detail: "Your email address is confirmed.", email_verified: true });
  },
);

accountLinkRoutes.openapi(
  route({
    operationId: "resendVerificationEmail",
    status: 202,
    method: "post",
    path: "/verify-email/resend",
    summary: "Mail a new verification link to the signed-in member",
    access: "user",
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const user = requireUser(c);
    if (user.email_verified) fail(409, "Your email address is already confirmed.");
    spendMailRequest(c, user.email);
    const now = nowOf(c.var.deps);
    const since = new Date(now.getTime() - DAY).toISOString();
    if ((await mailsRequestedSince(db, { userId: user.id }, since)) >= DAILY_MAILS) {
      fail(429, "Too many emails sent to this account today. Please try again tomorrow.");
    }
    await queueVerification(db, settings, user, now);
    return c.json({ detail: `A new confirmation link is on its way to ${user.email}.` }, 202);
  },
);

accountLinkRoutes.openapi(
  route({
    operationId: "requestEmailChange",
    status: 202,
    method: "post",
    path: "/change-email",
    summary: "Move the account to a new address: a confirmation link goes to that address",
    access: "user",
    request: {
      body: jsonBody(z.object({ new_email: credentials.shape.email, current_password: z.string().max(1024) })),
    },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const user = requireUser(c);
    const body = c.req.valid("json");
    const newEmail = normalizeEmail(body.new_email);
    // Wrong passwords count like failed sign-ins, as for a password change.
    const ok = await authLimits(c).check(
      clientAddress(c),
      `user:${user.id}`,
      () => verifyPassword(body.current_password, user.password_hash, networkKey(clientAddress(c))),
      { delay: false },
    );
    if (!ok) fail(403, "Current password is incorrect");
    if (newEmail === user.email) fail(422, "new_email: this is already your address");
    if (await findUserByEmail(db, newEmail)) fail(409, "An account with this email already exists");
    spendMailRequest(c, newEmail);
    await queueEmailChange(db, settings, user, newEmail, nowOf(c.var.deps));
    return c.json(
      { detail: `A confirmation link is on its way to ${newEmail}; your address changes once it is followed.` },
      202,
    );
  },
);

accountLinkRoutes.openapi(
  route({
    operationId: "confirmEmailChange",
    method: "post",
    path: "/change-email/confirm",
    summary: "Move the account to the address the mailed token names",
    access: "public",
    request: { body: jsonBody(z.object({ token })) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const spent = await spendAuthToken(db, "email_change", c.req.valid("json").token, nowOf(c.var.deps));
    if (!spent?.newEmail) fail(400, BAD_LINK);
    const newEmail = spent.newEmail;
    await markEmailVerified(db, spent.userId, newEmail).catch((error) => {
      if (isUniqueViolation(error, "users")) fail(409, "An account with this email already exists");
      throw error;
    });
    return c.json({ detail: `Your account now uses ${newEmail}.`, email: newEmail });
  },
);

/** Admin: resend the link, or mark the address confirmed (the admin knows the member). */
export async function adminVerification(deps: Deps, userId: number, action: "resend" | "mark") {
  const user = await findUser(deps.db, userId);
  if (!user) fail(404, "Not found");
  if (action === "mark") await markEmailVerified(deps.db, user.id);
  else {
    if (user.email_verified) fail(409, "This address is already confirmed.");
    await queueVerification(deps.db, deps.settings, user, nowOf(deps));
  }
  return { ...user, email_verified: action === "mark" || user.email_verified };
}
