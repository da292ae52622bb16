import type { ParsedMail } from "mailparser";
import { MailSender } from "../../jobs/mail-sender";
import { smtpTransport, startMailCatcher } from "../../mail/transport";
import type { Harness } from "./harness";

/**
 * A real SMTP server for a test and the site's own sender delivering the outbox to it: `deliver()`
 * sends what is queued and answers the messages the server received meanwhile, parsed.
 */
export async function startInbox(h: Harness) {
  const received: ParsedMail[] = [];
  const catcher = await startMailCatcher((mail) => received.push(mail));
  const settings = { ...h.settings, MAIL_RATE_PER_MINUTE: 100_000 };
  const transport = smtpTransport(catcher.url, settings.MAIL_RATE_PER_MINUTE);
  const sender = new MailSender({
    db: h.db,
    settings,
    transport,
    keepSentLinks: true,
  });
  return {
    async deliver(): Promise<ParsedMail[]> {
      const before = received.length;
      const sent = await sender.pass();
      // The server hands a message on once its DATA is accepted, before the sender hears back.
      if (received.length - before < sent) throw new Error(`${sent} sent, ${received.length - before} received`);
      return received.slice(before);
    },
    async close() {
      transport.close();
      await catcher.close();
    },
  };
}
