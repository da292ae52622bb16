import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOptIns, mailSuppressions, type User } from "../db/schema";
import type { MailList } from "./lists";
import { isSuppressed, suppress } from "./unsubscribe";

/** The notifications every member gets unless they switch them off (a suppression row). */
export const MEMBER_NOTIFICATIONS = [
  "submission_decided",
  "edit_decided",
  "claim_verified",
  "report_resolved",
  "featuring_ending",
  "payment_receipt",
] as const satisfies readonly MailList[];

/** Admin mail, off until an admin switches it on (a mail_opt_ins row). */
export const ADMIN_NOTIFICATIONS = [
  "admin_new_submissions",
  "admin_new_reports",
  "admin_daily_summary",
] as const satisfies readonly MailList[];

export type Notification = (typeof MEMBER_NOTIFICATIONS)[number] | (typeof ADMIN_NOTIFICATIONS)[number];

const isAdminList = (list: MailList) => (ADMIN_NOTIFICATIONS as readonly string[]).includes(list);

/**
 * The one rule of whether `user` gets mail of `list`: an admin list only for an admin who opted
 * in; any other list unless the address left it (one-click unsubscribe or the account switch)
 * or bounced. The queries that write notifications follow the same rule in SQL (mail/notify.ts:
 * admin lists join mail_opt_ins) and the sender skips suppressed addresses.
 */
async function wantsMail(db: Db, user: Pick<User, "id" | "email" | "role">, list: MailList): Promise<boolean> {
  if (isAdminList(list)) {
    if (user.role !== "admin") return false;
    const row = await db
      .select({ list: mailOptIns.list })
      .from(mailOptIns)
      .where(and(eq(mailOptIns.user_id, user.id), eq(mailOptIns.list, list)))
      .get();
    return !!row;
  }
  return !(await isSuppressed(db, user.email, list));
}

/** The switches the account page shows: the member ones, plus the admin ones for admins. */
export async function notificationSettings(db: Db, user: Pick<User, "id" | "email" | "role">) {
  const lists: Notification[] = [...MEMBER_NOTIFICATIONS, ...(user.role === "admin" ? ADMIN_NOTIFICATIONS : [])];
  const settings: Partial<Record<Notification, boolean>> = {};
  for (const list of lists) settings[list] = await wantsMail(db, user, list);
  return settings;
}

/** Turns a switch on or off: a suppression row for member lists, an opt-in row for admin lists. */
export async function setNotification(db: Db, user: Pick<User, "id" | "email">, list: Notification, on: boolean) {
  if (isAdminList(list)) {
    if (on) await db.insert(mailOptIns).values({ user_id: user.id, list }).onConflictDoNothing();
    else await db.delete(mailOptIns).where(and(eq(mailOptIns.user_id, user.id), eq(mailOptIns.list, list)));
  } else if (on) {
    // Only the member's own choice is undone; a bounce or complaint stays.
    await db
      .delete(mailSuppressions)
      .where(
        and(
          eq(mailSuppressions.email, user.email),
          eq(mailSuppressions.list, list),
          eq(mailSuppressions.reason, "unsubscribed"),
        ),
      );
  } else await suppress(db, user.email, list, "unsubscribed");
}
