import { Text } from "@react-email/components";
import { defineTemplate, type Template } from "./define";
import { ActionLink, MailLayout } from "./layout";

/** A short notice: a subject, a few paragraphs and one link, the same words in HTML and text. */
type Notice = { subject: string; paragraphs: string[]; link?: { href: string; label: string } };

export function defineNotice<Data>(notice: (data: Data) => Notice): Template<Data> {
  return defineTemplate<Data>({
    subject: (data) => notice(data).subject,
    html: (data) => {
      const { subject, paragraphs, link } = notice(data);
      return (
        <MailLayout preview={subject}>
          {paragraphs.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          {link ? <ActionLink href={link.href}>{link.label}</ActionLink> : null}
        </MailLayout>
      );
    },
    text: (data) => {
      const { paragraphs, link } = notice(data);
      return `${paragraphs.join("\n\n")}\n${link ? `\n${link.label}: ${link.href}\n` : ""}`;
    },
  });
}
