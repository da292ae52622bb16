import type { Context, MiddlewareHandler } from "hono";
import { findUser, sessionsValidFrom } from "../../db/queries/users";
import type { User } from "../../db/schema";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { verifyToken } from "../tokens";

/** A remote database's clock (which stamps created_at) may run a little ahead of this server's. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * Whether a token signed at `issuedAt` (Unix seconds) may speak for `user`: not one signed before
 * the account existed (an id a restored backup hands out again) nor before the database was last
 * restored (a sign-out or a password change the backup does not know of).
 */
const signedSince = (issuedAt: number, user: User, validFrom: number) =>
  issuedAt >= validFrom && issuedAt >= Math.floor(Date.parse(user.created_at) / 1000) - CLOCK_SKEW_SECONDS;

/**
 * Resolves the bearer token (if any) to the current user. A missing, forged, expired or revoked
 * token leaves the request anonymous; routes that need a user then answer 401.
 */
export const resolveUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match?.[1]) {
    const { db, settings } = c.var.deps;
    const claims = await verifyToken(settings.jwtSecret, match[1]);
    if (claims) {
      const user = await findUser(db, claims.userId);
      if (
        user &&
        user.token_version === claims.version &&
        signedSince(claims.issuedAt, user, await sessionsValidFrom(db))
      )
        c.set("user", user);
    }
  }
  await next();
};

export function requireUser(c: Context<AppEnv>): User {
  const user = c.var.user;
  if (!user) fail(401, "Not authenticated", { "www-authenticate": "Bearer" });
  return user;
}

function requireAdmin(c: Context<AppEnv>): User {
  const user = requireUser(c);
  if (user.role !== "admin") fail(403, "Admin access required");
  return user;
}

/** Routes for members: 401 for anyone not signed in, before the request is read further. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c);
  await next();
};

export const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c);
  await next();
};
