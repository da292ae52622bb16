import { createHmac } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { type Settings, siteOrigins } from "../config/settings";
import type { Db } from "../db/client";
import { mailSuppressions } from "../db/schema";
import { isMailList, type MailList } from "./lists";
import { mailAddress, type Tx } from "./outbox";

const AUDIENCE = "mail-unsubscribe";

/** A key of its own, derived from the JWT secret: an unsubscribe token can never pass as a session. */
const keys = new WeakMap<Uint8Array, Uint8Array>();
function unsubscribeKey(settings: Pick<Settings, "jwtSecret">): Uint8Array {
  let key = keys.get(settings.jwtSecret);
  if (!key) {
    key = createHmac("sha256", settings.jwtSecret).update(AUDIENCE).digest();
    keys.set(settings.jwtSecret, key);
  }
  return key;
}

/** A signed token naming the address and the list; it keeps working (an old newsletter's link must). */
async function unsubscribeToken(settings: Pick<Settings, "jwtSecret">, email: string, list: MailList) {
  return new SignJWT({ lst: list })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(mailAddress(email))
    .setAudience(AUDIENCE)
    .sign(unsubscribeKey(settings));
}

/** The one-click link of a list message (the page at /unsubscribe confirms; mail clients POST to the API). */
export async function unsubscribeUrl(
  settings: Pick<Settings, "jwtSecret" | "PUBLIC_URL" | "PORT">,
  email: string,
  list: MailList,
): Promise<string> {
  const token = await unsubscribeToken(settings, email, list);
  return `${siteOrigins(settings)[0]}/unsubscribe?token=${token}`;
}

/** The address and list a token names, or null for any bad token. */
export async function readUnsubscribeToken(
  settings: Pick<Settings, "jwtSecret">,
  token: string,
): Promise<{ email: string; list: MailList } | null> {
  try {
    const { payload } = await jwtVerify(token, unsubscribeKey(settings), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
    });
    const list = String(payload.lst ?? "");
    if (typeof payload.sub !== "string" || !isMailList(list)) return null;
    return { email: mailAddress(payload.sub), list };
  } catch {
    return null;
  }
}

/** Adds the address to a list's suppressions ("*": all mail); already there keeps the first reason. */
export async function suppress(
  db: Db | Tx,
  email: string,
  list: MailList | "*",
  reason: "unsubscribed" | "bounced" | "complained",
): Promise<void> {
  await db
    .insert(mailSuppressions)
    .values({ email: mailAddress(email), list, reason })
    .onConflictDoNothing();
}

/** Whether a message of `list` (null: transactional) must not go to the address. */
export async function isSuppressed(db: Db | Tx, email: string, list: MailList | null): Promise<boolean> {
  const lists = list ? [list, "*"] : ["*"];
  const row = await db
    .select({ list: mailSuppressions.list })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.email, mailAddress(email)), inArray(mailSuppressions.list, lists)))
    .get();
  return !!row;
}
