/**
 * Reads a tool's website for the submit form: one fetch of the page through safe-fetch, and at
 * most one more of its pricing page when the page itself does not say. Nothing is saved.
 */
import { getDomain } from "tldts";
import { type DescriptionWriter, writeDescription } from "./description-writer";
import { type PageFacts, pageFacts, pricingFromText, visibleText } from "./page-facts";
import { FetchRefused, safeFetch } from "./safe-fetch";

/** Most bytes of a page read: its head and the start of its body say all autofill needs. */
const PAGE_BYTES = 1024 * 1024;
const TIMEOUT_MS = 8000;

/** A page autofill cannot read; the message says why, for the member. */
export class AutofillRefused extends Error {}

export type SiteFacts = Omit<PageFacts, "logos" | "pricing_url"> & { logo_url: string; url: string };

const REFUSALS: Record<FetchRefused["reason"], string> = {
  url: "Enter a full http or https address",
  address: "That address is not a public website",
  redirects: "The site redirects too many times",
  "too-large": "The page is too large to read",
  timeout: "The site took too long to answer",
  network: "The site could not be reached",
};

async function fetchHtml(url: string, allowLoopback: boolean): Promise<{ html: string; url: string }> {
  let response: Awaited<ReturnType<typeof safeFetch>>;
  try {
    response = await safeFetch(url, {
      maxBytes: PAGE_BYTES,
      truncate: true,
      timeoutMs: TIMEOUT_MS,
      maxRedirects: 5,
      accept: "text/html,application/xhtml+xml",
      allowLoopback,
    });
  } catch (error) {
    if (error instanceof FetchRefused) throw new AutofillRefused(REFUSALS[error.reason] ?? error.message);
    throw new AutofillRefused("The site could not be reached");
  }
  if (response.status >= 400) throw new AutofillRefused(`The site answered with status ${response.status}`);
  const type = String(response.headers["content-type"] ?? "");
  if (!/text\/html|application\/xhtml\+xml/i.test(type))
    throw new AutofillRefused("That address is not a web page (HTML)");
  return { html: response.body.toString("utf8"), url: response.url };
}

export type ReadOptions = {
  allowLoopback?: boolean;
  /** Writes the description from the page's text when set; the page's own is kept when it fails. */
  writer?: DescriptionWriter | null;
};

/** The facts of the tool at `url`; throws AutofillRefused with a reason a member can act on. */
export async function readSite(url: string, options: ReadOptions = {}): Promise<SiteFacts> {
  const allowLoopback = options.allowLoopback === true;
  const page = await fetchHtml(url, allowLoopback);
  const { logos, pricing_url, ...facts } = pageFacts(page.html, page.url);
  let pricing = facts.pricing_type;
  if (!pricing && pricing_url && pricing_url !== page.url) {
    // One extra fetch, and its failure costs only the pricing.
    const pricingPage = await fetchHtml(pricing_url, allowLoopback).catch(() => null);
    if (pricingPage) pricing = pricingFromText(visibleText(pricingPage.html));
  }
  const written = options.writer ? await writeDescription(options.writer, facts.name, visibleText(page.html)) : null;
  return {
    ...facts,
    description: written ?? facts.description,
    pricing_type: pricing,
    logo_url: logos[0] ?? "",
    url: page.url,
  };
}

/** What two URLs must share to be the same site: the registrable domain, else (an address) host and port. */
export function siteKey(url: string): string | null {
  try {
    const parsed = new URL(url);
    return getDomain(parsed.hostname) ?? parsed.host;
  } catch {
    return null;
  }
}
