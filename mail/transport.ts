import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { SMTPServer } from "smtp-server";

/**
 * The SMTP connection pool mail goes out through. Timeouts bound one send well under the
 * sender's lease, so a stuck server never lets a second sender take a message still being sent.
 */
export function smtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 4,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } satisfies SMTPPool.Options);
}

export type MailCatcher = { url: string; close: () => Promise<void> };

/**
 * A local SMTP server on the loopback interface that accepts every message and hands it, parsed,
 * to `onMail` (npm start without SMTP_URL, and the tests): the site sends real SMTP either way.
 */
export async function startMailCatcher(onMail: (mail: ParsedMail) => void = () => {}): Promise<MailCatcher> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          onMail(mail);
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
