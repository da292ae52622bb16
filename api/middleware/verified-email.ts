import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { fail } from "../errors";

/** The detail of the 403, which the submit page recognises to offer a new link. */
const VERIFY_FIRST =
  "Please confirm your email address before submitting a tool: follow the link we emailed you, or ask for a new one.";

/**
 * Submitting a tool asks for a confirmed address (SUBMIT_REQUIRES_VERIFIED_EMAIL, default on), so
 * a listing always has a reachable maker. Admins are exempt; a visitor passes on to the 401.
 */
export const verifiedEmailToSubmit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  if (user && user.role !== "admin" && !user.email_verified && c.var.deps.settings.SUBMIT_REQUIRES_VERIFIED_EMAIL) {
    fail(403, VERIFY_FIRST);
  }
  return next();
};
