import type { InStatement } from "@libsql/client";
import { type Settings, siteOrigins } from "../config/settings";
import type { MailList } from "./lists";
import { headerText, mailAddress } from "./outbox";
import { type TemplateData, type TemplateName, templates } from "./templates/index";

/**
 * Outbox rows as SQL statements, for the queries whose change runs as a libSQL batch or
 * transaction: the caller adds them to it, so the mail is written with the change or not at all.
 * They write what `queueMail` writes (mail/outbox.ts); the recipient is looked up in the same
 * transaction, so an account gone meanwhile gets nothing.
 */
type Message<N extends TemplateName> = { template: N; data: TemplateData<N>; list: MailList | null };

function columns<N extends TemplateName>(mail: Message<N>) {
  const template = templates[mail.template] as { subject: (data: TemplateData<N>) => string };
  return [mail.template, headerText(template.subject(mail.data)), JSON.stringify(mail.data), mail.list] as const;
}

const INSERT = 'INSERT INTO mail_outbox ("to", template, subject, data, list, user_id)';

/** A message to member `userId` (none if there is no such member, or when the SQL `when` is false). */
export function mailToMember<N extends TemplateName>(userId: number, mail: Message<N>, when = "1"): InStatement {
  return {
    sql: `${INSERT} SELECT email, ?, ?, ?, ?, id FROM users WHERE id = ? AND ${when}`,
    args: [...columns(mail), userId],
  };
}

/** A message to an address with no account behind it (any more), written only when the SQL `when` holds. */
export function mailToAddress<N extends TemplateName>(to: string, mail: Message<N>, when = "1"): InStatement {
  return { sql: `${INSERT} SELECT ?, ?, ?, ?, ?, NULL WHERE ${when}`, args: [mailAddress(to), ...columns(mail)] };
}

/**
 * The same message to every address a query selects (one `email` column): one statement for a
 * whole batch of newsletter recipients, written only when the SQL `when` holds.
 */
export function mailToEach<N extends TemplateName>(
  recipients: { sql: string; args: (string | number)[] },
  mail: Message<N>,
  when = "1",
): InStatement {
  return {
    sql: `${INSERT} SELECT email, ?, ?, ?, ?, NULL FROM (${recipients.sql}) WHERE ${when}`,
    args: [...columns(mail), ...recipients.args],
  };
}

/** A message of an admin list to every admin who opted in to it (mail_opt_ins). */
export function mailToAdmins<N extends TemplateName>(mail: Message<N> & { list: MailList }, when = "1"): InStatement {
  return {
    sql: `${INSERT} SELECT u.email, ?, ?, ?, ?, u.id FROM users u
          JOIN mail_opt_ins o ON o.user_id = u.id AND o.list = ? WHERE u.role = 'admin' AND ${when}`,
    args: [...columns(mail), mail.list],
  };
}

/** An absolute link to a page of the site, for a message's data. */
export const siteLink = (settings: Pick<Settings, "PUBLIC_URL" | "PORT">, path: string) =>
  `${siteOrigins(settings)[0] ?? ""}${path}`;
