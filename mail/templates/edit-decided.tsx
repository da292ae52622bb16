import { defineNotice } from "./notice";

/** A member's pending edit of a listed tool was applied or turned down. */
export const editDecided = defineNotice<{ tool: string; approved: boolean; reason: string | null; url: string }>(
  ({ tool, approved, reason, url }) =>
    approved
      ? {
          subject: `Your changes to ${tool} are live`,
          paragraphs: [`Your changes to ${tool} were approved and its page now shows them.`],
          link: { href: url, label: "See its page" },
        }
      : {
          subject: `Your changes to ${tool} were not approved`,
          paragraphs: [
            `Your changes to ${tool} were not approved; the listing stays as it was.`,
            `Reason: ${reason ?? ""}`,
          ],
          link: { href: url, label: "My account" },
        },
);
