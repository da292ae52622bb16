import { transliterate } from "transliteration";

/**
 * Spells text of any script in Latin letters (Привет → Privet, 中文 → Zhong Wen, Straße →
 * Strasse) before the slug rules run, so a non-Latin name still gets a slug of its own. ASCII
 * text comes back unchanged, so the SPEC §5 rules below hold for it exactly.
 */
function latin(text: string): string {
  return transliterate(text ?? "");
}

/**
 * The longest slug: a page's folder is named by it, and a file name holds 255 bytes at most. A
 * tool's name (200 characters) always fits as it is; an article's title (300) or a name in
 * another script (one character can spell as a dozen letters) is cut at a hyphen.
 */
export const MAX_SLUG_LENGTH = 200;

function capped(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/, "");
}

/** Tag names compare as the unique index means them: the same words in any letter case. */
export const sameName = (a: string, b: string) => a.normalize("NFC").toLowerCase() === b.normalize("NFC").toLowerCase();

/**
 * Article and tool slug (SPEC §5): lower-case, runs of non-alphanumerics become one hyphen,
 * hyphens trimmed at both ends. Other scripts are transliterated first; at most MAX_SLUG_LENGTH.
 */
export function slugify(text: string): string {
  return capped(
    latin(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, ""),
  );
}

/**
 * Category slug (SPEC §5): lower-case, drop characters other than letters, digits, spaces and
 * hyphens, spaces become hyphens, repeated hyphens collapse. Other scripts are transliterated
 * first.
 */
export function categorySlug(name: string): string {
  return capped(
    latin(name)
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, "")
      .replace(/ /g, "-")
      .replace(/-+/g, "-"),
  );
}

/** True for a slug of digits only: such a path is an id (/tool/{id} redirects to the slug). */
const isAllDigits = (slug: string) => /^\d+$/.test(slug);

/**
 * The slug a tool's name asks for (before a -N suffix makes it unique): the SPEC rule, then
 * "tool" when nothing is left (a name of emoji only) and a "tool-" prefix on an all-digit
 * result, so a tool named "1" never takes over /tool/1, the id redirect.
 */
export function toolSlugBase(name: string): string {
  const slug = slugify(name);
  if (slug === "") return "tool";
  return isAllDigits(slug) ? `tool-${slug}` : slug;
}

/** The slug an article's title asks for; "article" when the rule leaves nothing. */
export function articleSlugBase(title: string): string {
  return slugify(title) || "article";
}

/**
 * Picks a free slug from one look at the table: `base` itself when nobody has it, else
 * `base-(N+1)` where N is the largest numeric suffix in use (`topSuffix`, digits without a
 * leading zero, or null when none; 2 when only `base` is taken). Arbitrarily large suffixes are
 * counted exactly, so a name like "x 99999999999999999999" cannot wedge the sequence.
 */
export function nextSlug(base: string, baseTaken: boolean, topSuffix: string | null): string {
  if (!baseTaken) return base;
  const top = topSuffix && /^[1-9]\d*$/.test(topSuffix) ? BigInt(topSuffix) : 1n;
  return `${base}-${top + 1n}`;
}

/** True when `slug` is `base` or `base-N`: a slug that still fits a renamed item's base. */
export function fitsBase(slug: string, base: string): boolean {
  return slug === base || (slug.startsWith(`${base}-`) && /^[1-9]\d*$/.test(slug.slice(base.length + 1)));
}
