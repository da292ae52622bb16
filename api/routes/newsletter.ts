import { z } from "zod";
import { confirmSubscription, requestSubscription } from "../../db/queries/newsletter";
import { mailToAddress, siteLink } from "../../mail/notify";
import { InvalidMail, mailAddress, mailsRequestedSince } from "../../mail/outbox";
import { clientAddress, networkKey } from "../client-address";
import { fail } from "../errors";
import { WindowCounter } from "../middleware/rate-limit";
import { apiRouter, jsonBody, route } from "../route";

/** The newsletter's public side: subscribe (double opt-in) and confirm. */
export const newsletterRoutes = apiRouter();

const HOUR = 3_600_000;
/** Subscribe requests one network (/24 or /48) may make per hour (a stranger cannot mail many addresses). */
const PER_CLIENT_PER_HOUR = 10;
/** Confirmation mails one address gets per day, whoever asks (a stranger cannot flood it). */
const PER_ADDRESS_PER_DAY = 3;
const perClient = new WeakMap<object, WindowCounter>();

/** The same answer whether the address was new, pending or already subscribed: no enumeration. */
const ANSWER = "Thanks! If this address is not subscribed yet, a link to confirm is on its way: check your inbox.";

newsletterRoutes.openapi(
  route({
    method: "post",
    path: "/subscribe",
    operationId: "subscribeNewsletter",
    summary: "Subscribe an address to the weekly newsletter: a link to confirm is mailed (double opt-in)",
    access: "public",
    request: { body: jsonBody(z.object({ email: z.string().max(254) })) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    let email: string;
    try {
      email = mailAddress(c.req.valid("json").email);
    } catch (error) {
      if (error instanceof InvalidMail) fail(422, `email: ${error.message}`);
      throw error;
    }
    let counter = perClient.get(settings);
    if (!counter) {
      counter = new WindowCounter(HOUR);
      perClient.set(settings, counter);
    }
    const client = networkKey(clientAddress(c));
    if (counter.count(client) >= PER_CLIENT_PER_HOUR) {
      fail(429, "Too many subscription requests. Please try again later.", {
        "retry-after": String(counter.retryAfter(client)),
      });
    }
    counter.add(client);
    const now = c.var.deps.now?.() ?? new Date();
    const since = new Date(now.getTime() - 24 * HOUR).toISOString();
    // Past the address's budget the request is dropped silently: the answer stays the same.
    if ((await mailsRequestedSince(db, { to: email }, since)) < PER_ADDRESS_PER_DAY) {
      await requestSubscription(db, email, now, (token) =>
        mailToAddress(email, {
          template: "newsletterConfirm",
          data: { url: siteLink(settings, `/newsletter/confirm?token=${token}`) },
          list: null,
        }),
      );
    }
    return c.json({ detail: ANSWER }, 202);
  },
);

newsletterRoutes.openapi(
  route({
    method: "post",
    path: "/confirm",
    operationId: "confirmNewsletter",
    summary: "Confirm a subscription with the token of the mailed link",
    access: "public",
    request: { body: jsonBody(z.object({ token: z.string().min(1).max(200) })) },
  }),
  async (c) => {
    const email = await confirmSubscription(c.var.deps.db, c.req.valid("json").token, c.var.deps.now?.() ?? new Date());
    if (!email) fail(404, "This confirmation link is invalid or has expired: subscribe again to get a new one");
    return c.json({ detail: "You are subscribed to the weekly newsletter", email });
  },
);
