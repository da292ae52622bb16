/** How ratings and dates read on every page. */
/** Rating with one decimal, or null when there is nothing to show (SPEC §9: only above 0). */
export function formatRating(rating: number | null | undefined): string | null {
  return rating && rating > 0 ? rating.toFixed(1) : null;
}

// One formatter for every date: toLocaleDateString builds a new one per call, which dominated
// the cost of rendering review lists across thousands of pages.
const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return DATE_FORMAT.format(date);
}

/** "$9.99", "€9.99": an amount in cents as a receipt shows it. */
export const formatAmount = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);
