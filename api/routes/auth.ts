import type { Context } from "hono";
import { z } from "zod";
import { findUserByEmail, normalizeEmail, replacePassword, revokeTokens, toPublicUser } from "../../db/queries/users";
import { isPublishedPassword } from "../../lib/demo";
import { signUpWithVerification } from "../../mail/account-links";
import { networkKey } from "../client-address";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { authLimits, clientAddress } from "../middleware/rate-limit";
import { dummyHash, hashPassword, verifyPassword } from "../passwords";
import { apiRouter, jsonBody, route } from "../route";
import { credentials } from "../schemas";
import { signToken } from "../tokens";

const changePassword = z.object({ current_password: z.string().max(1024), new_password: credentials.shape.password });

/** The demo accounts' password is published: 422 when someone tries to make it theirs. */
function refusePublishedPassword(field: string, password: string) {
  if (isPublishedPassword(password)) {
    fail(422, `${field}: this password is published (the demo accounts use it); choose another`);
  }
}

const signinCredentials = credentials.extend({ password: z.string().min(1).max(1024) });

export const authRoutes = apiRouter();

/** Who a password check is for: the caller's network, held to its share of the hashing queue. */
const party = (c: Context) => networkKey(clientAddress(c));

authRoutes.openapi(
  route({
    operationId: "signUp",
    status: 201,
    method: "post",
    path: "/signup",
    summary: "Create an account",
    access: "public",
    request: { body: jsonBody(credentials) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const { email, password } = c.req.valid("json");
    refusePublishedPassword("password", password);
    authLimits(c).signup(clientAddress(c));
    // A taken address is answered before any hashing (the answer is the same 409 either way).
    if (await findUserByEmail(db, email)) fail(409, "An account with this email already exists");
    // Always a plain member: sign-up verifies no e-mail, so no address may claim a role by itself
    // (ADMIN_EMAILS promotes existing accounts at server start; npm run admin:create makes admins).
    // The account and its verification mail are one transaction: neither exists without the other.
    const hash = await hashPassword(password, party(c));
    const now = c.var.deps.now?.() ?? new Date();
    const user = await signUpWithVerification(db, settings, { email, passwordHash: hash }, now);
    if (!user) fail(409, "An account with this email already exists");
    const access_token = await signToken(settings.jwtSecret, user.id, user.token_version, settings.TOKEN_TTL);
    return c.json({ access_token, token_type: "bearer", user: toPublicUser(user) }, 201);
  },
);

authRoutes.openapi(
  route({
    operationId: "signIn",
    method: "post",
    path: "/signin",
    summary: "Sign in",
    access: "public",
    request: { body: jsonBody(signinCredentials) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const { email, password } = c.req.valid("json");
    // In production the demo password signs nobody in, whatever an old database holds.
    const refused = settings.NODE_ENV === "production" && isPublishedPassword(password);
    let user: Awaited<ReturnType<typeof findUserByEmail>>;
    const ok = await authLimits(c).check(clientAddress(c), normalizeEmail(email), async () => {
      user = await findUserByEmail(db, email);
      // The same work and the same answer whether the e-mail is unknown or the password wrong.
      const matches = await verifyPassword(password, user?.password_hash ?? (await dummyHash), party(c));
      return matches && !!user && !refused;
    });
    if (!user || !ok) fail(401, "Invalid email or password");
    const access_token = await signToken(settings.jwtSecret, user.id, user.token_version, settings.TOKEN_TTL);
    return c.json({ access_token, token_type: "bearer", user: toPublicUser(user) });
  },
);

authRoutes.openapi(
  route({ operationId: "getCurrentUser", method: "get", path: "/me", summary: "The current user", access: "user" }),
  (c) => c.json(toPublicUser(requireUser(c))),
);

authRoutes.openapi(
  route({
    operationId: "signOut",
    status: 204,
    method: "post",
    path: "/logout",
    summary: "Revoke every token of the current user",
    access: "user",
  }),
  async (c) => {
    await revokeTokens(c.var.deps.db, requireUser(c).id);
    return c.body(null, 204);
  },
);

authRoutes.openapi(
  route({
    operationId: "changePassword",
    method: "post",
    path: "/change-password",
    summary: "Change the password (revokes earlier tokens)",
    access: "user",
    request: { body: jsonBody(changePassword) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const user = requireUser(c);
    const body = c.req.valid("json");
    refusePublishedPassword("new_password", body.new_password);
    // Wrong current passwords count per account and per address like failed sign-ins (no delay:
    // only the holder of a valid token gets here).
    const ok = await authLimits(c).check(
      clientAddress(c),
      `user:${user.id}`,
      () => verifyPassword(body.current_password, user.password_hash, party(c)),
      { delay: false },
    );
    if (!ok) fail(403, "Current password is incorrect");
    // Conditional on the hash just verified: a concurrent change with the same current password
    // already replaced it, and this one must not win too.
    const version = await replacePassword(
      db,
      user.id,
      user.password_hash,
      await hashPassword(body.new_password, party(c)),
    );
    if (version === null) fail(409, "Your password was changed meanwhile; sign in with the new password and try again");
    const access_token = await signToken(settings.jwtSecret, user.id, version, settings.TOKEN_TTL);
    return c.json({ access_token, token_type: "bearer", user: toPublicUser(user) });
  },
);
