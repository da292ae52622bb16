import { randomBytes } from "node:crypto";
import type { Transporter } from "nodemailer";
import pLimit from "p-limit";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { claimDueMail, markMailSent, markMailUnsent, sweepMail } from "../db/queries/mail-outbox";
import type { MailOutboxRow } from "../db/schema";
import { renderMail } from "../mail/render";
import { SECRET_TEMPLATES, type TemplateName } from "../mail/templates/index";
import { isSuppressed, suppress } from "../mail/unsubscribe";

/** Longer than one send can take (the transport's timeouts): a live sender never loses its lease. */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
const BATCH = 50;
/** Finished messages are kept this long for the admin's Mail page, then swept. */
const MAIL_KEEP_DAYS = 30;

export type MailSenderOptions = {
  db: Db;
  settings: Pick<Settings, "jwtSecret" | "PUBLIC_URL" | "PORT" | "MAIL_FROM" | "MAIL_RATE_PER_MINUTE">;
  transport: Pick<Transporter, "sendMail">;
  /**
   * Whether one-time links stay in the outbox after sending (the local catcher, whose Mail page
   * shows them); with a real SMTP server they are dropped once the message is out.
   */
  keepSentLinks: boolean;
  now?: () => Date;
};

/**
 * Delivers the outbox. Each pass claims due messages under a lease (crash-safe: a message left
 * "sending" by a dead sender is claimed again once its lease ends, and goes out with the
 * Message-ID of its first claim, so the one window where it could arrive twice, between the
 * server's acceptance and the row being marked sent, yields a copy receivers drop). A refused
 * address (5xx) is suppressed as bounced; other failures are retried with exponential backoff.
 * At most MAIL_RATE_PER_MINUTE messages go out in any minute.
 */
export class MailSender {
  readonly #sentAt: number[] = [];
  readonly #now: () => Date;
  readonly #idSuffix: string;

  constructor(readonly options: MailSenderOptions) {
    this.#now = options.now ?? (() => new Date());
    const domain = /@([^>\s]+)/.exec(options.settings.MAIL_FROM)?.[1] ?? "localhost";
    this.#idSuffix = `${randomBytes(6).toString("hex")}@${domain}`;
  }

  /** Sends what is due within the rate; resolves with how many messages went out. */
  async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await claimDueMail(this.options.db, this.#now(), LEASE_MS, this.#allowance(), this.#idSuffix);
      if (!rows.length) return sent;
      const limit = pLimit(4);
      const results = await Promise.all(rows.map((row) => limit(() => this.#deliver(row))));
      sent += results.filter(Boolean).length;
    }
  }

  /** Removes finished messages past their keeping time and expired one-time tokens. */
  sweep(): Promise<number> {
    return sweepMail(this.options.db, this.#now(), MAIL_KEEP_DAYS);
  }

  #allowance(): number {
    const minuteAgo = this.#now().getTime() - 60_000;
    while (this.#sentAt.length && (this.#sentAt[0] ?? 0) <= minuteAgo) this.#sentAt.shift();
    return Math.min(BATCH, this.options.settings.MAIL_RATE_PER_MINUTE - this.#sentAt.length);
  }

  async #deliver(row: MailOutboxRow): Promise<boolean> {
    const { db, settings, transport } = this.options;
    if (await isSuppressed(db, row.to, row.list as never)) {
      await markMailUnsent(db, row.id, { status: "suppressed", error: "the address is on the suppression list" });
      return false;
    }
    let mail: Awaited<ReturnType<typeof renderMail>>;
    try {
      mail = await renderMail(settings, row);
    } catch (error) {
      await markMailUnsent(db, row.id, { status: "failed", error: `could not render: ${String(error)}` });
      return false;
    }
    this.#sentAt.push(this.#now().getTime());
    try {
      await transport.sendMail({
        from: settings.MAIL_FROM,
        to: row.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: row.message_id ?? undefined,
        // Rendered from stored data: nothing in it may make nodemailer read a file or a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    } catch (error) {
      await this.#failed(row, error as Error & { responseCode?: number });
      return false;
    }
    const dropData = !this.options.keepSentLinks && SECRET_TEMPLATES.has(row.template as TemplateName);
    await markMailSent(db, row.id, this.#now(), dropData);
    return true;
  }

  async #failed(row: MailOutboxRow, error: Error & { responseCode?: number }) {
    const { db } = this.options;
    const message = error.message || String(error);
    if (error.responseCode && error.responseCode >= 500) {
      // A permanent refusal: this address gets no more mail (a hard bounce).
      if ([550, 551, 553].includes(error.responseCode)) await suppress(db, row.to, "*", "bounced");
      await markMailUnsent(db, row.id, { status: "failed", error: message });
    } else if (row.attempts >= MAX_ATTEMPTS) {
      await markMailUnsent(db, row.id, {
        status: "failed",
        error: `gave up after ${row.attempts} attempts: ${message}`,
      });
    } else {
      const backoff = Math.min(60_000 * 2 ** (row.attempts - 1), 6 * 3_600_000);
      await markMailUnsent(db, row.id, {
        status: "queued",
        retryAt: new Date(this.#now().getTime() + backoff),
        error: message,
      });
    }
  }
}
