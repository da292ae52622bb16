import { pricingClass } from "../../../lib/pricing";

/** Pricing type with its own colour (free, freemium, paid, free trial); others neutral. */
export default function PricingBadge({ pricing }: { pricing: string }) {
  return <span className={`badge ${pricingClass(pricing)}`}>{pricing}</span>;
}
