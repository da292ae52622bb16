/**
 * Deals: a tool's discount code or offer link, with a description and an end date. Exactly one
 * of a code or a link (a code is typed at the maker's checkout, a link carries the offer
 * itself); the database checks the same.
 */
export const DEAL_CODE_MAX = 64;
export const DEAL_DESCRIPTION_MAX = 280;
export const DEAL_URL_MAX = 2048;
/** The furthest ahead a deal may end: a deal is an offer, not a permanent badge. */
export const DEAL_MAX_DAYS = 366;

/**
 * "Ends 3 December 2026" (UTC: the same on the pre-rendered page and in every browser). The end
 * is stored as the first instant the deal no longer runs (a deal "to 3 December" ends at
 * midnight starting the 4th): the date shown is the last day it runs.
 */
export function dealEnds(endsAt: string): string {
  const date = new Date(Date.parse(endsAt) - 1).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return `Ends ${date}`;
}
