import { defineNotice } from "./notice";

/** A maker proved they run a tool's website: the listing is theirs. */
export const claimVerified = defineNotice<{ tool: string; url: string }>(({ tool, url }) => ({
  subject: `You now own the listing of ${tool}`,
  paragraphs: [`Your claim on ${tool} is verified: the listing is yours to edit and shows the Verified badge.`],
  link: { href: url, label: "My account" },
}));
