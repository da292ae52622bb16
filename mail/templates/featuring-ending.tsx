import { defineNotice } from "./notice";

/** A member's featuring ends soon (sent once, 3 days before) or has ended. */
export const featuringEnding = defineNotice<{ tool: string; ended: boolean; until: string; url: string }>(
  ({ tool, ended, until, url }) =>
    ended
      ? {
          subject: `${tool} is no longer featured`,
          paragraphs: [`Featuring ${tool} ended on ${until.slice(0, 10)}. Buy Pro again to feature a tool again.`],
          link: { href: url, label: "See the Pro plan" },
        }
      : {
          subject: `Featuring ${tool} ends in 3 days`,
          paragraphs: [`Featuring ${tool} ends on ${until.slice(0, 10)}. Buy Pro again to renew it.`],
          link: { href: url, label: "See the Pro plan" },
        },
);
