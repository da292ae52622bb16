import { z } from "zod";
import { deleteAccount, exportAccount, LastAdmin } from "../../db/queries/account";
import { leaveNewsletter, newsletterState, subscribeConfirmed } from "../../db/queries/newsletter";
import { mailToAddress } from "../../mail/notify";
import {
  ADMIN_NOTIFICATIONS,
  MEMBER_NOTIFICATIONS,
  notificationSettings,
  setNotification,
} from "../../mail/preferences";
import { networkKey } from "../client-address";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { authLimits, clientAddress } from "../middleware/rate-limit";
import { verifyPassword } from "../passwords";
import { apiRouter, jsonBody, route } from "../route";

/** The account's own data and lifecycle: export, deletion, mail switches. Mounted under /auth. */
export const accountRoutes = apiRouter();

accountRoutes.openapi(
  route({
    method: "get",
    path: "/me/export",
    operationId: "exportMyData",
    summary: "Download my data: the account, tools, reviews, saves, payments and subscriptions as JSON",
    access: "user",
  }),
  async (c) => {
    const user = requireUser(c);
    const data = await exportAccount(c.var.deps.db, user.id);
    if (!data) fail(404, "Account not found");
    c.header("content-disposition", `attachment; filename="my-data-${user.id}.json"`);
    return c.json({ exported_at: new Date().toISOString(), ...data });
  },
);

const deletion = z.object({
  password: z.string().min(1).max(1024),
  /** What becomes of the member's tools: an explicit choice, no default. */
  tools: z.enum(["delete", "keep"]),
});

accountRoutes.openapi(
  route({
    method: "delete",
    path: "/me",
    operationId: "deleteMyAccount",
    summary:
      "Delete my account (password confirmation; tools deleted or kept without an owner; reviews and saves removed; Pro ended; every token revoked)",
    access: "user",
    request: { body: jsonBody(deletion) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const user = requireUser(c);
    const body = c.req.valid("json");
    // Wrong passwords count as failed sign-ins do, per address and per account.
    const ok = await authLimits(c).check(
      clientAddress(c),
      `user:${user.id}`,
      () => verifyPassword(body.password, user.password_hash, networkKey(clientAddress(c))),
      { delay: false },
    );
    if (!ok) fail(403, "Password is incorrect");
    const confirmation = (when: string) => [
      mailToAddress(
        user.email,
        { template: "accountDeleted", data: { toolsKept: body.tools === "keep" }, list: null },
        when,
      ),
    ];
    try {
      const changed = await deleteAccount(db, user.id, body.tools, confirmation);
      if (changed.length > 0) c.var.deps.onContentChange?.(`account deleted: ${user.id}`, changed);
    } catch (error) {
      if (error instanceof LastAdmin) fail(409, error.message);
      throw error;
    }
    return c.json({ detail: "Account deleted" });
  },
);

const NOTIFICATIONS = [...MEMBER_NOTIFICATIONS, ...ADMIN_NOTIFICATIONS] as const;
const switches = z
  .partialRecord(z.enum(NOTIFICATIONS), z.boolean())
  .refine((v) => Object.keys(v).length > 0, "name at least one notification");

accountRoutes.openapi(
  route({
    method: "get",
    path: "/me/notifications",
    operationId: "getMyNotifications",
    summary: "My mail switches: each notification on or off (admin ones for admins only)",
    access: "user",
  }),
  async (c) => c.json(await notificationSettings(c.var.deps.db, requireUser(c))),
);

accountRoutes.openapi(
  route({
    method: "put",
    path: "/me/notifications",
    operationId: "setMyNotifications",
    summary: "Switch notifications on or off ({ list: boolean }); answers every switch",
    access: "user",
    request: { body: jsonBody(switches) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const user = requireUser(c);
    const body = c.req.valid("json");
    const changes = Object.entries(body) as [(typeof NOTIFICATIONS)[number], boolean][];
    const adminOnly = changes.find(([list]) => !(MEMBER_NOTIFICATIONS as readonly string[]).includes(list));
    if (adminOnly && user.role !== "admin") fail(403, `${adminOnly[0]}: only admins get this mail`);
    for (const [list, on] of changes) await setNotification(db, user, list, on);
    return c.json(await notificationSettings(db, user));
  },
);

/** What the account page says for each state of the member's newsletter subscription. */
const NEWSLETTER_DETAIL = {
  subscribed: "You are subscribed to the weekly newsletter",
  pending: "A link to confirm is on its way: check your inbox",
  none: "You are not subscribed to the weekly newsletter",
  unconfirmed: "Confirm your e-mail address first: follow the link we mailed you",
} as const;
/**
 * The newsletter is kept by address, so only an account that proved its address may see or change
 * it there: an unconfirmed one could otherwise read or end a stranger's subscription.
 */
accountRoutes.openapi(
  route({
    method: "get",
    path: "/me/newsletter",
    operationId: "getMyNewsletter",
    summary:
      "Whether my address gets the weekly newsletter: subscribed, pending (a link to confirm was mailed), none, or unconfirmed (my address is not confirmed yet)",
    access: "user",
  }),
  async (c) => {
    const user = requireUser(c);
    const state = user.email_verified
      ? await newsletterState(c.var.deps.db, user.email, c.var.deps.now?.() ?? new Date())
      : "unconfirmed";
    return c.json({ newsletter: state, detail: NEWSLETTER_DETAIL[state] });
  },
);

accountRoutes.openapi(
  route({
    method: "put",
    path: "/me/newsletter",
    operationId: "setMyNewsletter",
    summary: "Join or leave the weekly newsletter with my account's confirmed address (403 until it is confirmed)",
    access: "user",
    request: { body: jsonBody(z.object({ subscribed: z.boolean() })) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const user = requireUser(c);
    if (!user.email_verified) fail(403, NEWSLETTER_DETAIL.unconfirmed);
    const now = c.var.deps.now?.() ?? new Date();
    if (c.req.valid("json").subscribed) await subscribeConfirmed(db, user.email, now);
    else await leaveNewsletter(db, user.email);
    const state = await newsletterState(db, user.email, now);
    return c.json({ newsletter: state, detail: NEWSLETTER_DETAIL[state] });
  },
);
