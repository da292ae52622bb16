import type { Transporter } from "nodemailer";
import type { Settings } from "../config/settings";
import { smtpTransport, startMailCatcher } from "./transport";

export type Outgoing = { transport: Transporter; keepSentLinks: boolean; stop: () => Promise<void> };

/**
 * Where this deployment's mail goes: SMTP_URL, or without it (never in production, which refuses
 * to start so) a local catcher in this process, so the demo's mail arrives and shows on the
 * admin's Mail page. null with MAIL=off: messages stay queued.
 */
export async function startOutgoingMail(
  settings: Pick<Settings, "SMTP_URL" | "MAIL" | "MAIL_RATE_PER_MINUTE">,
  log: (line: string) => void = console.log,
): Promise<Outgoing | null> {
  if (settings.MAIL === "off") {
    log("mail: off (MAIL=off); messages stay in the outbox");
    return null;
  }
  if (settings.SMTP_URL) {
    const transport = smtpTransport(settings.SMTP_URL, settings.MAIL_RATE_PER_MINUTE);
    return { transport, keepSentLinks: false, stop: async () => transport.close() };
  }
  const catcher = await startMailCatcher((mail) =>
    log(
      `mail: caught "${mail.subject}" to ${
        mail.to
          ? [mail.to]
              .flat()
              .map((a) => a.text)
              .join(", ")
          : "?"
      }`,
    ),
  );
  log(
    `mail: local SMTP catcher on ${catcher.url} (set SMTP_URL to send for real; the admin's Mail page shows every message)`,
  );
  const transport = smtpTransport(catcher.url, settings.MAIL_RATE_PER_MINUTE);
  return {
    transport,
    keepSentLinks: true,
    stop: async () => {
      transport.close();
      await catcher.close();
    },
  };
}
