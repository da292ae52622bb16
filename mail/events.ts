import type { Settings } from "../config/settings";
import type { DailyFigures } from "../db/queries/admin-alerts";
import { mailToAdmins, mailToMember, siteLink } from "./notify";

/**
 * The notifications of the site's events, as statements for the event's own transaction: who
 * gets what, in one place. Member mail goes to the member unless they left the list (the sender
 * skips suppressed addresses); admin mail only to admins who opted in (mailToAdmins).
 */
type Links = Pick<Settings, "PUBLIC_URL" | "PORT">;
type ToolRef = { id: number; slug: string; name: string; submitted_by: number | null };

const toolPage = (settings: Links, tool: ToolRef) => siteLink(settings, `/tool/${tool.slug}`);

/** A submission approved (now listed) or rejected with the admin's reason. */
export function submissionDecidedMail(settings: Links, tool: ToolRef, approved: boolean, reason: string | null) {
  return mailToMember(tool.submitted_by ?? 0, {
    template: "submissionDecided",
    data: {
      tool: tool.name,
      approved,
      reason,
      url: approved ? toolPage(settings, tool) : siteLink(settings, "/account"),
    },
    list: "submission_decided",
  });
}

/** A member's pending edit applied (reason null) or turned down. */
export function editDecidedMail(
  settings: Links,
  tool: ToolRef,
  memberId: number,
  reason: string | null,
  when?: string,
) {
  return mailToMember(
    memberId,
    {
      template: "editDecided",
      data: {
        tool: tool.name,
        approved: reason === null,
        reason,
        url: reason === null ? toolPage(settings, tool) : siteLink(settings, "/account"),
      },
      list: "edit_decided",
    },
    when,
  );
}

/** A claim verified: the listing is the maker's. */
export function claimVerifiedMail(settings: Links, tool: ToolRef, memberId: number, when?: string) {
  return mailToMember(
    memberId,
    {
      template: "claimVerified",
      data: { tool: tool.name, url: siteLink(settings, "/account") },
      list: "claim_verified",
    },
    when,
  );
}

/** A report on a member's tool resolved. */
export function reportResolvedMail(settings: Links, tool: ToolRef, reason: string, when?: string) {
  return mailToMember(
    tool.submitted_by ?? 0,
    {
      template: "reportResolved",
      data: { tool: tool.name, reason, url: toolPage(settings, tool) },
      list: "report_resolved",
    },
    when,
  );
}

/** Featuring ends in 3 days (`ended` false) or has ended. */
export function featuringMail(settings: Links, tool: ToolRef, until: string, ended: boolean, when?: string) {
  return mailToMember(
    tool.submitted_by ?? 0,
    {
      template: "featuringEnding",
      data: { tool: tool.name, ended, until, url: siteLink(settings, "/pricing") },
      list: "featuring_ending",
    },
    when,
  );
}

/** To admins who opted in: submissions wait for review (one mail for those since the last). */
export function newSubmissionsMail(settings: Links, fresh: { name: string }[], waiting: number, when?: string) {
  const tool = fresh.length > 1 ? `${fresh[0]?.name} and ${fresh.length - 1} more` : (fresh[0]?.name ?? "");
  return mailToAdmins(
    {
      template: "adminNewSubmissions",
      data: { tool, waiting, url: siteLink(settings, "/admin/moderation") },
      list: "admin_new_submissions",
    },
    when,
  );
}

/** To admins who opted in: the last day in figures. */
export function dailySummaryMail(settings: Links, day: string, figures: DailyFigures, when?: string) {
  return mailToAdmins(
    {
      template: "adminDailySummary",
      data: { day, ...figures, url: siteLink(settings, "/admin") },
      list: "admin_daily_summary",
    },
    when,
  );
}

/** To admins who opted in: a tool was reported. */
export function newReportMail(settings: Links, tool: ToolRef, reason: string, when?: string) {
  return mailToAdmins(
    {
      template: "adminNewReports",
      data: { tool: tool.name, reason, url: siteLink(settings, "/admin/reports") },
      list: "admin_new_reports",
    },
    when,
  );
}
