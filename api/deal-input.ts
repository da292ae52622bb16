import { z } from "zod";
import type { DealInput } from "../db/queries/deals";
import { DEAL_CODE_MAX, DEAL_DESCRIPTION_MAX, DEAL_MAX_DAYS, DEAL_URL_MAX } from "../lib/deals";
import { isHttpUrl } from "../lib/url";
import { fail } from "./errors";

/** A deal as a client sends it: exactly one of `code` and `url` (the rules in dealFrom). */
export const dealBody = z
  .object({
    code: z.string().trim().max(200).nullish(),
    url: z.string().trim().max(DEAL_URL_MAX).nullish(),
    description: z.string().trim().min(1).max(DEAL_DESCRIPTION_MAX),
    /** When it ends: an ISO date-time, or a date (the deal runs to the end of that day, UTC). */
    ends_at: z.string().trim().max(40),
  })
  .strict();

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The deal to store, or a 422 saying which rule the input breaks. */
export function dealFrom(body: z.infer<typeof dealBody>, now: Date): DealInput {
  const code = body.code || null;
  const url = body.url || null;
  if (!code && !url) fail(422, "Give the deal a discount code or a link");
  if (code && url) fail(422, "Give the deal a discount code or a link, not both");
  if (code && code.length > DEAL_CODE_MAX) fail(422, `code: at most ${DEAL_CODE_MAX} characters`);
  if (url && !isHttpUrl(url)) fail(422, "url: only http:// and https:// links are accepted");
  const end = DATE_ONLY.test(body.ends_at)
    ? new Date(Date.parse(`${body.ends_at}T00:00:00Z`) + DAY_MS)
    : new Date(body.ends_at);
  if (Number.isNaN(end.getTime())) fail(422, "ends_at: not a date (YYYY-MM-DD or an ISO date-time)");
  if (end <= now) fail(422, "ends_at: the end date must be in the future");
  if (end.getTime() - now.getTime() > DEAL_MAX_DAYS * DAY_MS)
    fail(422, `ends_at: a deal may run at most ${DEAL_MAX_DAYS} days`);
  return { code, url, description: body.description, ends_at: end.toISOString() };
}
