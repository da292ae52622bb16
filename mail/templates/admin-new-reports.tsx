import { defineNotice } from "./notice";

/** To admins who opted in: a tool was reported. */
export const adminNewReports = defineNotice<{ tool: string; reason: string; url: string }>(({ tool, reason, url }) => ({
  subject: `New report on ${tool}`,
  paragraphs: [`${tool} was reported: ${reason}.`],
  link: { href: url, label: "Open reports" },
}));
