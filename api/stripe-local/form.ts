/**
 * Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays, the way the
 * Stripe API reads request bodies.
 */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? "");
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}
