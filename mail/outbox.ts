import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema";
import type { MailList } from "./lists";
import { type TemplateData, type TemplateName, templates } from "./templates/index";

/** A database handle or a transaction on it: mail is written in the transaction that causes it. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A message that cannot be sent as asked (a bad address, a line break in a header). */
export class InvalidMail extends Error {}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The address as stored and compared: trimmed and lower-cased; refused if it could inject a header. */
export function mailAddress(to: string): string {
  const address = to.trim().toLowerCase();
  if (/[\r\n]/.test(to) || address.length > 254 || !EMAIL.test(address)) {
    throw new InvalidMail("Not a valid e-mail address");
  }
  return address;
}

/**
 * A header value made from data (a subject): one line. Line breaks are folded into spaces rather
 * than refused: a subject quotes names people typed, and a name that slipped a line break past
 * the forms (or came with an old backup) must not block the change its mail goes with.
 */
export function headerText(value: string): string {
  return value.replace(/[\r\n\0]+/g, " ");
}

export type QueuedMail<N extends TemplateName> = {
  to: string;
  template: N;
  data: TemplateData<N>;
  /** null: transactional (sent unless the address bounced or complained); else a list one may leave. */
  list: MailList | null;
  userId?: number | null;
};

/** Writes one message into the outbox through `db`, which may be the transaction of the change causing it. */
export async function queueMail<N extends TemplateName>(db: Db | Tx, mail: QueuedMail<N>): Promise<void> {
  const to = mailAddress(mail.to);
  const template = templates[mail.template] as { subject: (data: TemplateData<N>) => string };
  const subject = headerText(template.subject(mail.data));
  await db.insert(mailOutbox).values({
    to,
    template: mail.template,
    subject,
    data: mail.data,
    list: mail.list,
    user_id: mail.userId ?? null,
  });
}

/** Transactional messages queued for an address or an account since `since` (ISO): the budgets' count. */
export async function mailsRequestedSince(
  db: Db,
  who: { to: string } | { userId: number },
  since: string,
): Promise<number> {
  const whom = "to" in who ? eq(mailOutbox.to, mailAddress(who.to)) : eq(mailOutbox.user_id, who.userId);
  const row = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(whom, isNull(mailOutbox.list), gt(mailOutbox.created_at, since)))
    .get();
  return row?.n ?? 0;
}
