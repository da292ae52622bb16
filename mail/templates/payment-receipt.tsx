import { PRO_PRICE_LABEL, proPlanTerms } from "../../lib/pro-plan";
import { defineNotice } from "./notice";

type Receipt = {
  amount: string;
  days: number;
  /** When Pro ends after this payment; null for a Pro with no end. */
  until: string | null;
  /** When it was paid (ISO), and the checkout session it was paid in: the order number. */
  paidOn?: string;
  order?: string;
  url: string;
};

/** The receipt of a Pro purchase: what it cost, when, the period it buys, and the plan's terms. */
export const paymentReceipt = defineNotice<Receipt>(({ amount, days, until, paidOn, order, url }) => {
  const terms = proPlanTerms(days);
  const day = (iso: string) => iso.slice(0, 10);
  return {
    subject: "Your Pro receipt",
    paragraphs: [
      `Thank you: we received your payment of ${amount || PRO_PRICE_LABEL} for Pro${paidOn ? ` on ${day(paidOn)}` : ""}${until ? `. Your Pro runs until ${day(until)}` : ""}.`,
      ...(order ? [`Order number: ${order}`] : []),
      terms.buys,
      terms.renew,
      terms.cancel,
    ],
    link: { href: url, label: "Feature a tool from your account" },
  };
});
