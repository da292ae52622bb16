import { defineNotice } from "./notice";

/** To admins who opted in: the last day in figures. */
export const adminDailySummary = defineNotice<{
  day: string;
  signups: number;
  submissions: number;
  pending: number;
  reports: number;
  reviews: number;
  url: string;
}>(({ day, signups, submissions, pending, reports, reviews, url }) => ({
  subject: `Daily summary for ${day}`,
  paragraphs: [
    `In the last 24 hours: ${signups} sign-ups, ${submissions} submissions, ${reviews} reviews, ${reports} new reports.`,
    `${pending} tools wait for review.`,
  ],
  link: { href: url, label: "Open the back office" },
}));
