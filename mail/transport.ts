import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { SMTPServer } from "smtp-server";

/** The longest one send can take: the transport's timeouts together (the sender's lease allows for it). */
export const SEND_TIMEOUT_MS = 60_000;

/** SMTP connections the sender keeps open: one per 10 messages a second allowed, 1 to 4. */
export const mailConnections = (ratePerMinute: number) => Math.min(4, Math.max(1, Math.ceil(ratePerMinute / 600)));

/**
 * The SMTP connection pool mail goes out through, sized for the sending rate; connections are
 * kept for many messages (a new one costs a greeting and EHLO).
 */
export function smtpTransport(smtpUrl: string, ratePerMinute: number): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: mailConnections(ratePerMinute),
    maxMessages: 10_000,
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
