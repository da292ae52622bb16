/**
 * Pricing types (SPEC §3): the one list the database check, the API's validation, the filters,
 * the forms and the badges are all built from.
 */
export const PRICING_TYPES = ["free", "freemium", "paid", "free trial"] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export const PRICING_LABELS: Record<PricingType, string> = {
  free: "Free",
  freemium: "Freemium",
  paid: "Paid",
  "free trial": "Free Trial",
};

/** What the submit and edit forms offer a member (SPEC §5); "free trial" is set by admins or CSV. */
export const MEMBER_PRICING_TYPES = ["free", "freemium", "paid"] as const satisfies readonly PricingType[];

/** The pricing filter's options (SPEC §9: all, free, freemium, paid, free trial). */
export const PRICING_FILTERS = [
  { value: "all", label: "All Tools" },
  ...PRICING_TYPES.map((value) => ({ value, label: PRICING_LABELS[value] })),
] as const;

export function isPricingType(value: string): value is PricingType {
  return (PRICING_TYPES as readonly string[]).includes(value);
}

/** The CSS class of a pricing badge: one colour per type, neutral for anything else. */
export function pricingClass(pricing: string): string {
  return isPricingType(pricing) ? `pricing-${pricing.replace(" ", "-")}` : "pricing-other";
}
