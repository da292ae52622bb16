import { createHmac, createSecretKey, type KeyObject } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { mailSuppressions } from "../db/schema";
import { isMailList, type MailList } from "./lists";
import { mailAddress, type Tx } from "./outbox";

const AUDIENCE = "mail-unsubscribe";

/**
 * A key of its own, derived from the JWT secret: an unsubscribe token can never pass as a session.
 * Kept as a KeyObject: an HMAC from raw key bytes costs several times as much.
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
function unsubscribeKey(settings: Pick<Settings, "jwtSecret">): KeyObject {
  let key = keys.get(settings.jwtSecret);
  if (!key) {
    key = createSecretKey(createHmac("sha256", settings.jwtSecret).update(AUDIENCE).digest());
    keys.set(settings.jwtSecret, key);
  }
  return key;
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");
const HEADER = base64url(JSON.stringify({ alg: "HS256" }));

/**
 * A signed token naming the address and the list; it keeps working (an old newsletter's link must).
 * An HS256 JWT (read with jose below), signed here with node:crypto: one per digest recipient,
 * and jose's WebCrypto signing costs ~100 times as much.
 */
export function unsubscribeToken(settings: Pick<Settings, "jwtSecret">, email: string, list: MailList): string {
  const payload = base64url(JSON.stringify({ lst: list, sub: mailAddress(email), aud: AUDIENCE }));
  const signature = createHmac("sha256", unsubscribeKey(settings)).update(`${HEADER}.${payload}`).digest("base64url");
  return `${HEADER}.${payload}.${signature}`;
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
