import { PRO_PRICE_LABEL, proPlanTerms } from "../../lib/pro-plan";
import { defineNotice } from "./notice";

/** The receipt of a Pro purchase: what it cost and what it buys, in the plan's own words. */
export const paymentReceipt = defineNotice<{ amount: string; days: number; until: string | null; url: string }>(
  ({ amount, days, until, url }) => {
    const terms = proPlanTerms(days);
    return {
      subject: "Your Pro receipt",
      paragraphs: [
        `Thank you: we received your payment of ${amount || PRO_PRICE_LABEL} for Pro${until ? `, which runs until ${until.slice(0, 10)}` : ""}.`,
        terms.buys,
        terms.renew,
      ],
      link: { href: url, label: "Feature a tool from your account" },
    };
  },
);
