import { defineNotice } from "./notice";

/** A report about a member's tool was resolved by an admin. */
export const reportResolved = defineNotice<{ tool: string; reason: string; url: string }>(({ tool, reason, url }) => ({
  subject: `A report on ${tool} was resolved`,
  paragraphs: [`A visitor reported ${tool} (${reason}); an admin has looked at it and resolved the report.`],
  link: { href: url, label: "See its page" },
}));
