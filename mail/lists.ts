/** The kinds of mail a member may unsubscribe from, one switch each. Transactional mail has none. */
const MAIL_LISTS = [
  "newsletter",
  "submission_decided",
  "edit_decided",
  "claim_verified",
  "report_resolved",
  "featuring_ending",
  "payment_receipt",
  "admin_new_submissions",
  "admin_new_reports",
  "admin_daily_summary",
] as const;

export type MailList = (typeof MAIL_LISTS)[number];

export const isMailList = (value: string): value is MailList => (MAIL_LISTS as readonly string[]).includes(value);
