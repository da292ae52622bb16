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

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.codePointAt(0)};`);

/**
 * The monogram as inline SVG markup (the name's letter on its colour), written into the page at
 * build time: what a tool without a logo of the site's own shows, with nothing to load.
 */
export function monogramSvg(name: string, size: number): string {
  const letter = escapeXml(monogramLetter(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48" aria-hidden="true" focusable="false">` +
    `<rect width="48" height="48" fill="${monogramColor(name)}"/>` +
    `<text x="24" y="24" dy=".35em" text-anchor="middle" fill="#fff" font-family="system-ui,sans-serif" font-size="22" font-weight="800">${letter}</text></svg>`
  );
}
