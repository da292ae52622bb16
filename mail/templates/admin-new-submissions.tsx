import { defineNotice } from "./notice";

/** To admins who opted in: a tool is waiting for review. */
export const adminNewSubmissions = defineNotice<{ tool: string; waiting: number; url: string }>(
  ({ tool, waiting, url }) => ({
    subject: `New submission waiting: ${tool}`,
    paragraphs: [`${tool} was submitted and waits for review (${waiting} waiting in all).`],
    link: { href: url, label: "Open moderation" },
  }),
);
