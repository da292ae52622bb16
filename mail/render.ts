import { randomBytes } from "node:crypto";
import { render } from "@react-email/render";
import { createElement } from "react";
import { type Settings, siteOrigins } from "../config/settings";
import { isMailList, type MailList } from "./lists";
import { headerText } from "./outbox";
import { type TemplateName, templates } from "./templates/index";
import { MailFrameContext } from "./templates/layout";
import { unsubscribeToken } from "./unsubscribe";

export type RenderedMail = { subject: string; html: string; text: string; headers: Record<string, string> };

type MailSettings = Pick<Settings, "jwtSecret" | "PUBLIC_URL" | "PORT">;
type StoredMail = { to: string; template: string; data: unknown; list: string | null };

/**
 * Stands for the recipient's unsubscribe token in a rendered list message. Random per process, so
 * no stored data can contain it and have the token written into it.
 */
const TOKEN_SLOT = `unsubscribe-token-${randomBytes(12).toString("hex")}`;

/** A message rendered for any recipient of its list: only the unsubscribe token is left to fill in. */
type Frame = RenderedMail & { list: MailList | null };

/**
 * The template's subject, HTML and text; on list mail the unsubscribe link in the footer and the
 * RFC 8058 one-click headers (the header names the API, which a mail client POSTs to; the footer
 * names the page, which asks to confirm), their token left as TOKEN_SLOT.
 */
async function renderFrame(settings: MailSettings, mail: Omit<StoredMail, "to">): Promise<Frame> {
  if (!Object.hasOwn(templates, mail.template)) throw new Error(`No mail template '${mail.template}'`);
  const template = templates[mail.template as TemplateName] as {
    subject: (d: unknown) => string;
    html: (d: unknown) => React.ReactElement;
    text: (d: unknown) => string;
  };
  const siteUrl = siteOrigins(settings)[0] ?? "";
  const list = mail.list && isMailList(mail.list) ? mail.list : null;
  const headers: Record<string, string> = {};
  const unsubscribeUrl = list ? `${siteUrl}/unsubscribe?token=${TOKEN_SLOT}` : null;
  if (list) {
    headers["List-Unsubscribe"] = `<${siteUrl}/api/mail/unsubscribe?token=${TOKEN_SLOT}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const element = createElement(
    MailFrameContext.Provider,
    { value: { siteUrl, unsubscribeUrl } },
    template.html(mail.data),
  );
  let text = template.text(mail.data);
  if (unsubscribeUrl) text += `\n--\nUnsubscribe: ${unsubscribeUrl}\n`;
  return { subject: headerText(template.subject(mail.data)), html: await render(element), text, headers, list };
}

/** The frame as it goes to `to`: its own unsubscribe token written in. */
function personalize(settings: MailSettings, frame: Frame, to: string): RenderedMail {
  const { list, ...mail } = frame;
  if (!list) return mail;
  const token = unsubscribeToken(settings, to, list);
  const fill = (s: string) => s.replaceAll(TOKEN_SLOT, token);
  return {
    subject: mail.subject,
    html: fill(mail.html),
    text: fill(mail.text),
    headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, fill(value)])),
  };
}

/** A stored message as it goes out to its recipient. */
export async function renderMail(settings: MailSettings, mail: StoredMail): Promise<RenderedMail> {
  return personalize(settings, await renderFrame(settings, mail), mail.to);
}

/** Frames kept by a renderer: the issues of a digest in flight, a few notices. */
const FRAMES_KEPT = 16;

/**
 * renderMail for a sender, given the stored data's JSON text: list mail (the same digest to
 * 100,000 subscribers) is rendered once per distinct message, and per recipient only the
 * unsubscribe token is filled in.
 */
export function mailRenderer(settings: MailSettings) {
  const frames = new Map<string, Promise<Frame>>();
  const parse = (data: string | null): unknown => (data === null ? null : JSON.parse(data));
  return async (mail: Omit<StoredMail, "data"> & { data: string | null }): Promise<RenderedMail> => {
    if (!mail.list) return renderMail(settings, { ...mail, data: parse(mail.data) });
    const key = `${mail.template}\0${mail.list}\0${mail.data}`;
    let frame = frames.get(key);
    if (!frame) {
      if (frames.size >= FRAMES_KEPT) frames.delete(frames.keys().next().value as string);
      frame = renderFrame(settings, { ...mail, data: parse(mail.data) });
      // A message that cannot render is not kept: the next one of it tries again.
      frame.catch(() => frames.delete(key));
      frames.set(key, frame);
    }
    return personalize(settings, await frame, mail.to);
  };
}
