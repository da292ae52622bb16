import { z } from "zod";
import { deleteAccount, exportAccount, LastAdmin } from "../../db/queries/account";
import { leaveNewsletter, newsletterState, requestSubscription, subscribeConfirmed } from "../../db/queries/newsletter";
import { mailToAddress, siteLink } from "../../mail/notify";
import { mailsRequestedSince } from "../../mail/outbox";
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
} as const;
/** Confirmation mails an unverified member's address gets per day, as on the public form. */
const CONFIRMATIONS_PER_DAY = 3;

accountRoutes.openapi(
  route({
    method: "get",
    path: "/me/newsletter",
    operationId: "getMyNewsletter",
    summary:
      "Whether my address gets the weekly newsletter: subscribed, pending (a link to confirm was mailed) or none",
    access: "user",
  }),
  async (c) => {
    const user = requireUser(c);
    const state = await newsletterState(c.var.deps.db, user.email, c.var.deps.now?.() ?? new Date());
    return c.json({ newsletter: state, detail: NEWSLETTER_DETAIL[state] });
  },
);

accountRoutes.openapi(
  route({
    method: "put",
    path: "/me/newsletter",
    operationId: "setMyNewsletter",
    summary:
      "Join or leave the weekly newsletter with my account's address: a verified address joins at once, another is mailed a link to confirm",
    access: "user",
    request: { body: jsonBody(z.object({ subscribed: z.boolean() })) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const user = requireUser(c);
    const now = c.var.deps.now?.() ?? new Date();
    if (!c.req.valid("json").subscribed) await leaveNewsletter(db, user.email);
    else if (user.email_verified) await subscribeConfirmed(db, user.email, now);
    else if ((await newsletterState(db, user.email, now)) === "none") {
      const since = new Date(now.getTime() - 86_400_000).toISOString();
      if ((await mailsRequestedSince(db, { to: user.email }, since)) >= CONFIRMATIONS_PER_DAY) {
        fail(429, "Too many mails to this address today. Please try again tomorrow.");
      }
      await requestSubscription(db, user.email, now, (token) =>
        mailToAddress(user.email, {
          template: "newsletterConfirm",
          data: { url: siteLink(settings, `/newsletter/confirm?token=${token}`) },
          list: null,
        }),
      );
    }
    const state = await newsletterState(db, user.email, now);
    return c.json({ newsletter: state, detail: NEWSLETTER_DETAIL[state] });
  },
);
