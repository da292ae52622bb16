/**
 * "Featured on {site}" badges makers embed on their own sites (`/badge/{slug}.svg`, light or
 * `?theme=dark`), with the tool's rating when it has reviews. Small (under 2 KB), plain SVG with
 * no script, no external reference and no user text but the escaped rating.
 */
import type { Tool } from "../db/queries/rows";
import { formatRating } from "../lib/format";
import { SITE_NAME } from "../lib/site";

const THEMES = {
  light: { bg: "#ffffff", border: "#e2e8f0", text: "#0f172a", muted: "#475569", accent: "#4f46e5", star: "#b45309" },
  dark: { bg: "#0f172a", border: "#334155", text: "#f8fafc", muted: "#cbd5e1", accent: "#a5b4fc", star: "#fbbf24" },
} as const;
export type BadgeTheme = keyof typeof THEMES;

const BADGE_SIZE = { width: 250, height: 54 };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (ch) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch,
  );

export function badgeSvg(tool: Pick<Tool, "avg_rating" | "review_count">, theme: BadgeTheme): string {
  const c = THEMES[theme];
  const rating = tool.review_count > 0 ? formatRating(tool.avg_rating) : "";
  const { width, height } = BADGE_SIZE;
  const label = `Featured on ${SITE_NAME}${rating ? `, rated ${rating} out of 5` : ""}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
<title>${escapeXml(label)}</title>
<rect x="0.5" y="0.5" width="${width - 1}" height="${height - 1}" rx="10" fill="${c.bg}" stroke="${c.border}"/>
<rect x="10" y="11" width="32" height="32" rx="8" fill="${c.accent}"/>
<text x="26" y="32" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="13" font-weight="700" fill="${c.bg}">AI</text>
<text x="52" y="24" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="10" fill="${c.muted}" letter-spacing=".5">FEATURED ON</text>
<text x="52" y="41" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="14" font-weight="700" fill="${c.text}">${escapeXml(SITE_NAME)}</text>
${rating ? `<text x="${width - 12}" y="41" text-anchor="end" font-family="system-ui,-apple-system,Segoe UI,Roboto,Arial,sans-serif" font-size="13" font-weight="700" fill="${c.star}">★ ${escapeXml(rating)}</text>` : ""}
</svg>`;
}
