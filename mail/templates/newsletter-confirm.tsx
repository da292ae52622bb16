import { defineNotice } from "./notice";

/** Double opt-in: nobody gets the newsletter before following this link. */
export const newsletterConfirm = defineNotice<{ url: string }>(({ url }) => ({
  subject: "Confirm your newsletter subscription",
  paragraphs: [
    "Someone (we hope you) asked to get our weekly newsletter at this address.",
    "Follow the link to confirm. If it was not you, ignore this mail: nothing will be sent.",
  ],
  link: { href: url, label: "Confirm my subscription" },
}));
