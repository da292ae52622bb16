import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context";
import { fail } from "../errors";

/**
 * Asks for a confirmed address before `action` (SUBMIT_REQUIRES_VERIFIED_EMAIL, default on): a
 * listing or a booking always has a reachable maker, and a throwaway account cannot hold what
 * others would buy. Admins are exempt; a visitor passes on to the 401. The 403's detail is the
 * one the pages recognise to offer a new link.
 */
function verifiedEmailTo(action: string): MiddlewareHandler<AppEnv> {
  const detail = `Please confirm your email address before ${action}: follow the link we emailed you, or ask for a new one.`;
  return async (c, next) => {
    const user = c.var.user;
    if (user && user.role !== "admin" && !user.email_verified && c.var.deps.settings.SUBMIT_REQUIRES_VERIFIED_EMAIL) {
      fail(403, detail);
    }
    return next();
  };
}

export const verifiedEmailToSubmit = verifiedEmailTo("submitting a tool");
/** Sponsor bookings hold weeks of a placement, and their banner images take disk: confirmed members only. */
export const verifiedEmailToSponsor = verifiedEmailTo("booking a sponsored placement");
