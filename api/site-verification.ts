/**
 * Checks that whoever claims a tool runs its website: the claim's token published either as
 * `<meta name="{site}-verification" content="{token}">` on the site's page, or as the file
 * `/.well-known/{site}-verification.txt`. Fetched through safeFetch only (public addresses, 3
 * redirects, 5 s, 512 KB).
 */
import { SITE_NAME } from "../lib/site";
import { slugify } from "../lib/slug";
import { FetchRefused, safeFetch } from "../media/safe-fetch";

export const VERIFICATION_NAME = `${slugify(SITE_NAME)}-verification`;
export const VERIFICATION_FILE = `/.well-known/${VERIFICATION_NAME}.txt`;

export type VerificationResult = { ok: true; method: "meta" | "file" } | { ok: false; detail: string };

/**
 * The `content` of every `<meta name="{VERIFICATION_NAME}">` in a page. The page is anyone's:
 * both patterns run in time linear in its length (a tag stops at the next "<" and is at most
 * 2 KB; an attribute name is tried from its first letter only), so no page can hold up the server.
 */
function verificationTokens(html: string): string[] {
  const tokens: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^<>]{0,2048}>/gi)) {
    const attributes = new Map<string, string>();
    for (const [, name, , dq, sq, bare] of tag.matchAll(
      /(?<![a-zA-Z:-])([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
    )) {
      attributes.set((name as string).toLowerCase(), (dq ?? sq ?? bare ?? "").trim());
    }
    if (attributes.get("name")?.toLowerCase() === VERIFICATION_NAME) tokens.push(attributes.get("content") ?? "");
  }
  return tokens;
}

function reason(error: unknown): string {
  if (error instanceof FetchRefused) return error.message;
  return "The site could not be reached";
}

export async function checkSiteVerification(
  websiteUrl: string,
  token: string,
  options: { allowLoopback?: boolean } = {},
): Promise<VerificationResult> {
  let site: URL;
  try {
    site = new URL(websiteUrl);
  } catch {
    return { ok: false, detail: "The tool's website address is not valid" };
  }
  const fetchOptions = { allowLoopback: options.allowLoopback, maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3 };
  const problems: string[] = [];
  try {
    const file = await safeFetch(new URL(VERIFICATION_FILE, site).href, { ...fetchOptions, accept: "text/plain" });
    if (file.status === 200 && file.body.toString("utf8").trim() === token) return { ok: true, method: "file" };
    problems.push(`${VERIFICATION_FILE} ${file.status === 200 ? "holds another token" : `answered ${file.status}`}`);
  } catch (error) {
    problems.push(`${VERIFICATION_FILE}: ${reason(error)}`);
  }
  try {
    const page = await safeFetch(site.href, { ...fetchOptions, accept: "text/html" });
    const tokens = page.status === 200 ? verificationTokens(page.body.toString("utf8")) : [];
    if (tokens.includes(token)) return { ok: true, method: "meta" };
    problems.push(
      page.status !== 200
        ? `the page answered ${page.status}`
        : tokens.length
          ? "the page's verification tag holds another token"
          : "the page has no verification tag",
    );
  } catch (error) {
    problems.push(`the page: ${reason(error)}`);
  }
  return { ok: false, detail: `We could not find your verification token: ${problems.join("; ")}` };
}
