/** The Pro plan's one-time price (SPEC §9). */
export const PRO_PRICE_CENTS = 999;
export const PRO_PRICE_LABEL = "$9.99";

/**
 * What a Pro purchase buys, in the words every place uses: the pricing card, checkout, the
 * account page and the receipt mail. `days` is the server's FEATURE_DAYS; `price` the price charged
 * when the admin has set another (db/queries/prices.ts).
 */
export function proPlanTerms(days: number, price: string = PRO_PRICE_LABEL) {
  return {
    buys: `One payment of ${price} gives you Pro for ${days} days: feature one of your tools at the top of the directory for that time.`,
    renew: `Nothing renews by itself: buy again to add another ${days} days.`,
    cancel: "Cancelling ends Pro at once: your featured tool is unfeatured and the days left are given up.",
    pending:
      "A tool waiting for review can be featured once it is approved; paying moves it to the front of the review queue.",
  };
}

/** Whole days left until `until` (an ISO time), counted from `now`; 0 once it has passed. */
export function daysLeft(until: string, now: Date = new Date()): number {
  return Math.max(0, Math.ceil((Date.parse(until) - now.getTime()) / 86_400_000));
}
