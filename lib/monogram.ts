const PALETTE = ["#4f46e5", "#0e7490", "#b45309", "#be185d", "#047857", "#7c3aed", "#1d4ed8", "#c2410c"];

/** A stable colour per name, so a tool's monogram looks the same on the site and in the admin. */
export function monogramColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? "#4f46e5";
}

/** The monogram's letter: the name's first character, upper-cased, or "?" for a blank name. */
export function monogramLetter(name: string): string {
  return (name.trim()[0] ?? "?").toUpperCase();
}
