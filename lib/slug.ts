/**
 * Article and tool slug (SPEC §5): lower-case, runs of non-alphanumerics become one hyphen,
 * hyphens trimmed at both ends.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Category slug (SPEC §5): lower-case, drop characters other than letters, digits, spaces and
 * hyphens, spaces become hyphens, repeated hyphens collapse.
 */
export function categorySlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9 -]/g, "")
    .replace(/ /g, "-")
    .replace(/-+/g, "-");
}

/** Appends -2, -3, … to `base` until `taken` says the slug is free. */
export async function uniqueSlug(base: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  const root = base || "item";
  let candidate = root;
  for (let n = 2; await taken(candidate); n++) candidate = `${root}-${n}`;
  return candidate;
}
