/**
 * The admins' mail (to those who opted in): new submissions waiting, checked every minute, and a
 * daily summary, each written with the mark that it was sent, in one transaction; and the
 * weekly newsletter (jobs/newsletter.ts).
 */
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { alertNewSubmissions, dailySummary } from "../db/queries/admin-alerts";
import { dailySummaryMail, newSubmissionsMail } from "../mail/events";
import { every, type Schedule } from "./every";
import { Newsletter } from "./newsletter";

const MINUTE = 60_000;

export function mailJobs(db: Db, settings: Settings, onIssueStarted: (number: number) => void): Schedule[] {
  const newsletter = new Newsletter(db, settings, onIssueStarted);
  return [
    every("newsletter", MINUTE, () => newsletter.run()),
    every("admin submission alerts", MINUTE, () =>
      alertNewSubmissions(db, (fresh, waiting, when) => [newSubmissionsMail(settings, fresh, waiting, when)]),
    ),
    every("admin daily summary", 10 * MINUTE, () =>
      dailySummary(db, new Date(), (day, figures, when) => [dailySummaryMail(settings, day, figures, when)]),
    ),
  ];
}
