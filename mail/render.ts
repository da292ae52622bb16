import { render } from "@react-email/render";
import { createElement } from "react";
import { type Settings, siteOrigins } from "../config/settings";
import { isMailList } from "./lists";
import { headerText } from "./outbox";
import { type TemplateName, templates } from "./templates/index";
import { MailFrameContext } from "./templates/layout";
import { unsubscribeUrl as pageUrl } from "./unsubscribe";

export type RenderedMail = { subject: string; html: string; text: string; headers: Record<string, string> };

type MailSettings = Pick<Settings, "jwtSecret" | "PUBLIC_URL" | "PORT">;

/**
 * A stored message as it goes out: subject, HTML and text from its template, and on list mail
 * the unsubscribe link in the footer and the RFC 8058 one-click headers (the header names the
 * API, which a mail client POSTs to; the footer names the page, which asks to confirm).
 */
export async function renderMail(
  settings: MailSettings,
  mail: { to: string; template: string; data: unknown; list: string | null },
): Promise<RenderedMail> {
  if (!Object.hasOwn(templates, mail.template)) throw new Error(`No mail template '${mail.template}'`);
  const template = templates[mail.template as TemplateName] as {
    subject: (d: unknown) => string;
    html: (d: unknown) => React.ReactElement;
    text: (d: unknown) => string;
  };
  const siteUrl = siteOrigins(settings)[0] ?? "";
  const headers: Record<string, string> = {};
  let unsubscribeUrl: string | null = null;
  if (mail.list && isMailList(mail.list)) {
    unsubscribeUrl = await pageUrl(settings, mail.to, mail.list);
    const token = new URL(unsubscribeUrl).searchParams.get("token");
    headers["List-Unsubscribe"] = `<${siteUrl}/api/mail/unsubscribe?token=${token}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const element = createElement(
    MailFrameContext.Provider,
    { value: { siteUrl, unsubscribeUrl } },
    template.html(mail.data),
  );
  let text = template.text(mail.data);
  if (unsubscribeUrl) text += `\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject: headerText(template.subject(mail.data)), html: await render(element), text, headers };
}
