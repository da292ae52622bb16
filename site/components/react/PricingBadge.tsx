const KNOWN = new Set(["free", "freemium", "paid", "free trial"]);

/** Pricing type with its own colour (free, freemium, paid, free trial); others neutral. */
export default function PricingBadge({ pricing }: { pricing: string }) {
  const cls = KNOWN.has(pricing) ? `pricing-${pricing.replace(" ", "-")}` : "pricing-other";
  return <span className={`badge ${cls}`}>{pricing}</span>;
}
