import { defineNotice } from "./notice";

/** A member's submitted tool was approved (now listed) or rejected (with the admin's reason). */
export const submissionDecided = defineNotice<{ tool: string; approved: boolean; reason: string | null; url: string }>(
  ({ tool, approved, reason, url }) =>
    approved
      ? {
          subject: `Your tool ${tool} is now listed`,
          paragraphs: [`Good news: ${tool} was approved and is now listed in the directory.`],
          link: { href: url, label: "See its page" },
        }
      : {
          subject: `Your tool ${tool} was not approved`,
          paragraphs: [
            `${tool} was not approved.`,
            `Reason: ${reason ?? ""}`,
            "Edit it from your account to resubmit.",
          ],
          link: { href: url, label: "My account" },
        },
);
