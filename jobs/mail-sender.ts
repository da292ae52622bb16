import { randomBytes } from "node:crypto";
import type { Transporter } from "nodemailer";
import pLimit from "p-limit";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { type ClaimedMail, claimDueMail, markMailSent, markMailUnsent, sweepMail } from "../db/queries/mail-outbox";
import { mailRenderer, type RenderedMail } from "../mail/render";
import { SECRET_TEMPLATES } from "../mail/templates/index";
import { mailConnections, SEND_TIMEOUT_MS } from "../mail/transport";
import { suppress } from "../mail/unsubscribe";

/** A claim's hold on its messages; a send that could end after it is left to the next claim. */
const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 8;
/** Messages claimed at once: one claim and few marking statements for many messages. */
const BATCH = 500;
/** Accepted messages marked sent in one write: what a crash could send again (under the same Message-ID). */
const MARK_EVERY = 50;
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
 * server's acceptance and the row being marked sent, yields a copy receivers drop). No send
 * starts that could end after the lease, so a live sender and a second one never both send a
 * message. Accepted messages are marked sent in groups (one write each, which also counts an
 * impression for each sponsor they show), list mail is rendered once per message and filled in
 * per recipient (mail/render.ts). A refused address
 * (5xx) is suppressed as bounced; other failures are retried with exponential backoff.
 * At most MAIL_RATE_PER_MINUTE messages go out in any minute.
 */
export class MailSender {
  /** Sends of the last minute, as [second, count] pairs, oldest first. */
  readonly #sentAt: [number, number][] = [];
  readonly #now: () => Date;
  readonly #idSuffix: string;
  readonly #render: ReturnType<typeof mailRenderer>;
  readonly #connections: number;
  #accepted: number[] = [];
  #marking: Promise<void> = Promise.resolve();
  #markFailure: unknown = null;

  constructor(readonly options: MailSenderOptions) {
    this.#now = options.now ?? (() => new Date());
    const domain = /@([^>\s]+)/.exec(options.settings.MAIL_FROM)?.[1] ?? "localhost";
    this.#idSuffix = `${randomBytes(6).toString("hex")}@${domain}`;
    this.#render = mailRenderer(options.settings);
    this.#connections = mailConnections(options.settings.MAIL_RATE_PER_MINUTE);
  }

  /** Sends what is due within the rate; resolves with how many messages went out. */
  async pass(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimedAt = this.#now().getTime();
      const rows = await claimDueMail(this.options.db, this.#now(), LEASE_MS, this.#allowance(), this.#idSuffix);
      if (!rows.length) return sent;
      const limit = pLimit(this.#connections);
      const results = await Promise.all(rows.map((row) => limit(() => this.#deliver(row, claimedAt + LEASE_MS))));
      await this.#markAccepted();
      if (this.#markFailure) {
        const failure = this.#markFailure;
        this.#markFailure = null;
        // Its messages stay "sending" and go again, under the same Message-ID, once the lease ends.
        throw failure;
      }
      sent += results.filter(Boolean).length;
    }
  }

  /** Removes finished messages past their keeping time and expired one-time tokens. */
  sweep(): Promise<number> {
    return sweepMail(this.options.db, this.#now(), MAIL_KEEP_DAYS);
  }

  #allowance(): number {
    const minuteAgo = Math.floor(this.#now().getTime() / 1000) - 60;
    while (this.#sentAt.length && (this.#sentAt[0]?.[0] ?? 0) <= minuteAgo) this.#sentAt.shift();
    const inLastMinute = this.#sentAt.reduce((n, [, count]) => n + count, 0);
    return Math.min(BATCH, this.options.settings.MAIL_RATE_PER_MINUTE - inLastMinute);
  }

  #counted() {
    const second = Math.floor(this.#now().getTime() / 1000);
    const last = this.#sentAt.at(-1);
    if (last?.[0] === second) last[1]++;
    else this.#sentAt.push([second, 1]);
  }

  /** Marks what the server accepted so far as sent: one write, one at a time, in the background. */
  #markAccepted(): Promise<void> {
    this.#marking = this.#marking
      .then(() => {
        const ids = this.#accepted;
        this.#accepted = [];
        const dropDataOf = this.options.keepSentLinks ? [] : [...SECRET_TEMPLATES];
        return markMailSent(this.options.db, ids, this.#now(), dropDataOf);
      })
      .catch((error: unknown) => {
        this.#markFailure ??= error;
      });
    return this.#marking;
  }

  async #deliver(row: ClaimedMail, leaseEnds: number): Promise<boolean> {
    const { db, settings, transport } = this.options;
    // Left to the next claim once its lease is over (another sender may have it by then).
    if (this.#now().getTime() + SEND_TIMEOUT_MS >= leaseEnds) return false;
    let mail: RenderedMail;
    try {
      mail = await this.#render(row);
    } catch (error) {
      await markMailUnsent(db, row.id, { status: "failed", error: `could not render: ${String(error)}` });
      return false;
    }
    this.#counted();
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
    this.#accepted.push(row.id);
    if (this.#accepted.length >= MARK_EVERY) void this.#markAccepted();
    return true;
  }

  async #failed(row: ClaimedMail, error: Error & { responseCode?: number }) {
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
