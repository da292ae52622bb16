import { defineNotice } from "./notice";

/**
 * The receipt of a sponsor booking or a fast-track review: what was bought, what it cost and what
 * happens next (both wait for an admin, and both are refunded in full if refused).
 */
export const purchaseReceipt = defineNotice<{
  product: string;
  amount: string;
  next: string;
  url: string;
  label: string;
}>(({ product, amount, next, url, label }) => ({
  subject: `Your receipt: ${product}`,
  paragraphs: [`Thank you: we received your payment of ${amount} for ${product}.`, next],
  link: { href: url, label },
}));
