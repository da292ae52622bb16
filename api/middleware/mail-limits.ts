import type { Context } from "hono";
import { addressKey, clientAddress } from "../client-address";
import type { AppEnv } from "../context";
import { fail } from "../errors";
import { WindowCounter } from "./rate-limit";
import { waitText } from "./write-limit";

const HOUR = 3_600_000;
/** Mail one network may ask for, whatever the recipient, per hour. */
const PER_CLIENT = 20;
/** Mail one recipient address may be sent on request, whoever asks, per hour. */
const PER_RECIPIENT = 3;

/**
 * The budgets of mail sent on request (reset links, new verification links): per asking address
 * and per recipient, counted before anything is looked up, so a 429 says nothing about whether
 * an account exists. With the outbox's own daily cap per recipient (mail/outbox.ts), a stranger
 * cannot make the site mail anyone more than a few times.
 */
class MailRequestLimits {
  readonly clients = new WindowCounter(HOUR);
  readonly recipients = new WindowCounter(HOUR);

  spend(client: string, recipient: string) {
    for (const [counter, key, limit] of [
      [this.clients, addressKey(client), PER_CLIENT],
      [this.recipients, recipient, PER_RECIPIENT],
    ] as const) {
      if (counter.count(key) >= limit) {
        const wait = counter.retryAfter(key);
        fail(429, `Too many emails asked for. Please try again in ${waitText(wait)}.`, { "retry-after": String(wait) });
      }
    }
    this.clients.add(addressKey(client));
    this.recipients.add(recipient);
  }
}

const bySettings = new WeakMap<object, MailRequestLimits>();

/** Spends one mail from the caller's and the recipient's budgets, or answers 429. */
export function spendMailRequest(c: Context<AppEnv>, recipient: string): void {
  let limits = bySettings.get(c.var.deps.settings);
  if (!limits) {
    limits = new MailRequestLimits();
    bySettings.set(c.var.deps.settings, limits);
  }
  limits.spend(clientAddress(c), recipient);
}
