/**
 * Sponsor slots: the placements sold and the weeks they are sold by (UTC, Monday to Monday),
 * shared by the API, the site and the admin.
 */
export const SPONSOR_KINDS = ["home_top", "category_top", "tool_sidebar", "search_top", "newsletter"] as const;
export type SponsorKind = (typeof SPONSOR_KINDS)[number];

export const SPONSOR_KIND_NAMES: Record<SponsorKind, string> = {
  home_top: "Home page, top",
  category_top: "Category page, top",
  tool_sidebar: "Tool page sidebar",
  search_top: "Search results, top",
  newsletter: "Newsletter",
};

/** How many weeks ahead a calendar shows and a member may book. */
const SPONSOR_WEEKS_AHEAD = 12;
/** The most weeks one booking (one checkout) takes. */
export const SPONSOR_WEEKS_PER_BOOKING = 8;

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week holding `at`, as YYYY-MM-DD. */
export function weekOf(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()) - day * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** The week after `week` (a Monday, YYYY-MM-DD). */
export function nextWeek(week: string): string {
  return new Date(Date.parse(`${week}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The weeks a calendar shows from `now`: this one and the next SPONSOR_WEEKS_AHEAD - 1. */
export function calendarWeeks(now: Date): string[] {
  const weeks = [weekOf(now)];
  while (weeks.length < SPONSOR_WEEKS_AHEAD) weeks.push(nextWeek(weeks[weeks.length - 1] as string));
  return weeks;
}

/** Whether `week` names a Monday as YYYY-MM-DD. */
export function isWeekStart(week: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(week) && weekOf(new Date(`${week}T00:00:00Z`)) === week;
}

/** "$12.00" for 1200 cents. */
export function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** How the API names an admin's decision on a booking, so the sponsor-weeks job wakes for it. */
export const SPONSORS_DECIDED = "sponsor booking decided";
