/**
 * What a tool's own web page says about it, read with a real HTML parser (cheerio): its name,
 * description, logo, screenshots, video, pricing, and where its pricing page is. Bounded work
 * on hostile markup: only the first MAX_NODES candidates of each kind are looked at.
 */
import * as cheerio from "cheerio";
import type { PricingType } from "../lib/pricing";

/** Most candidate elements of one kind read (icons, JSON-LD blocks, links): 10,000 icons cost no more than 50. */
const MAX_NODES = 50;
const MAX_NAME = 100;
const MAX_DESCRIPTION = 1000;
const MAX_SCREENSHOTS = 10;
/** Most characters of the page's topic words and of its headings kept: what a category is suggested from. */
const MAX_TOPIC_TEXT = 1000;

export type PageFacts = {
  name: string;
  description: string;
  /** Logo candidates, best first: the caller keeps the first. */
  logos: string[];
  screenshots: { url: string; alt_text: string }[];
  video_url: string | null;
  pricing_type: PricingType | null;
  /** A same-site link named pricing or plans, to read the pricing from when the page does not say. */
  pricing_url: string | null;
  /**
   * What the page says it is about besides its description, for suggesting a category: its
   * keywords (meta keywords; JSON-LD applicationCategory, applicationSubCategory, keywords,
   * featureList) and its headings (title, og:title, h1-h3). Plain text, bounded.
   */
  keywords: string;
  headings: string;
};

type JsonLd = Record<string, unknown>;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** Text without markup, one line, cut at a word. */
function plain(text: string, max: number): string {
  const $ = cheerio.load(`<p>${text}</p>`);
  $("script, style").remove();
  const flat = oneLine($.root().text());
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/**
 * A page title without its tagline: "Quill | Write faster", "Quill: AI writing" and
 * "Home - Quill" are "Quill".
 */
export function cleanTitle(title: string): string {
  const parts = oneLine(title)
    .split(/\s+[|–—·•-]\s+|:\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const name = parts.find((p) => !/^(home|homepage|home page|welcome|official (web)?site)$/i.test(p)) ?? "";
  return name.slice(0, MAX_NAME).trim();
}

/** Every JSON-LD object of the page, @graph arrays flattened; broken blocks skipped. */
function jsonLd($: cheerio.CheerioAPI): JsonLd[] {
  const found: JsonLd[] = [];
  $('script[type="application/ld+json"]')
    .slice(0, MAX_NODES)
    .each((_, el) => {
      try {
        const data = JSON.parse($(el).text());
        const items = Array.isArray(data) ? data : [data];
        for (const item of items.slice(0, MAX_NODES)) {
          if (!item || typeof item !== "object") continue;
          found.push(item);
          if (Array.isArray(item["@graph"])) found.push(...item["@graph"].slice(0, MAX_NODES));
        }
      } catch {}
    });
  return found;
}

const typeOf = (item: JsonLd) => [item["@type"]].flat().map(String);
const isApp = (item: JsonLd) => typeOf(item).some((t) => /Application$|^Product$/.test(t));
const isOrg = (item: JsonLd) => typeOf(item).some((t) => t === "Organization" || t === "Corporation");
const str = (value: unknown) => (typeof value === "string" ? value : "");
const imageUrl = (value: unknown): string =>
  typeof value === "string" ? value : value && typeof value === "object" ? str((value as JsonLd).url) : "";

/**
 * A JSON-LD applicationCategory as words: "DeveloperApplication" and
 * "https://schema.org/MultimediaApplication" say "Developer" and "Multimedia".
 */
function applicationCategoryWords(value: unknown): string {
  const last = str(value).split("/").pop() ?? "";
  return last.replace(/Application$/, "").replace(/([a-z])([A-Z])/g, "$1 $2");
}

/** A JSON-LD text-or-list property (keywords, featureList) as one line. */
const textList = (value: unknown): string => [value].flat().slice(0, MAX_NODES).map(str).filter(Boolean).join(", ");

/** Pricing from JSON-LD offers: every price 0 is free; 0 and a paid one, freemium; only paid ones, paid. */
function pricingFromOffers(offers: unknown): PricingType | null {
  const list = [offers]
    .flat()
    .slice(0, MAX_NODES)
    .filter((o): o is JsonLd => Boolean(o) && typeof o === "object");
  const prices = list.flatMap((o) => {
    const value = o.price ?? o.lowPrice;
    const n = Number(value);
    return value === undefined || Number.isNaN(n) ? [] : [n];
  });
  if (prices.length === 0) return null;
  const free = prices.some((p) => p === 0);
  const paid = prices.some((p) => p > 0);
  return free && paid ? "freemium" : free ? "free" : "paid";
}

/**
 * Pricing from a pricing page's words: a free plan beside paid tiers is freemium, a trial
 * without a free plan is free trial, only prices is paid, "free" and no price is free.
 */
export function pricingFromText(text: string): PricingType | null {
  const t = oneLine(text).toLowerCase();
  const freePlan =
    /\bfree (plan|tier|forever|version)\b|\bfree\s*[-–]\s*\$?0\b|\$0\b|\bstart (for )?free\b|\bforever free\b/.test(t);
  const trial = /\bfree trial\b|\bday trial\b|\btry (it )?free for\b/.test(t);
  const paid = /[$€£]\s?\d+|\d+\s?(usd|eur)\b|\/\s?(mo|month|year|yr)\b|\bper (month|user|seat)\b/.test(t);
  if (freePlan && paid) return "freemium";
  if (trial) return "free trial";
  if (paid) return "paid";
  if (/\b(free|open source)\b/.test(t)) return "free";
  return null;
}

/** A page's visible words (scripts and styles left out), for reading a pricing page. */
export function visibleText(html: string): string {
  const $ = cheerio.load(html);
  $("script, style, noscript, template").remove();
  // Blocks are words apart: "<h1>Plans</h1><p>Free plan" is "Plans Free plan", not "PlansFree plan".
  $("p, div, li, td, th, h1, h2, h3, h4, h5, h6, br, section, article, header, footer, span, a").after(" ");
  return oneLine($("body").text() || $.root().text()).slice(0, 200_000);
}

/** A YouTube or Vimeo video the page links or embeds. */
function videoOf($: cheerio.CheerioAPI, base: URL): string | null {
  const candidates = [
    ...$("iframe[src]")
      .slice(0, MAX_NODES)
      .toArray()
      .map((el) => $(el).attr("src") ?? ""),
    ...$('meta[property="og:video"], meta[property="og:video:url"]')
      .toArray()
      .map((el) => $(el).attr("content") ?? ""),
    ...$("a[href]")
      .slice(0, 500)
      .toArray()
      .map((el) => $(el).attr("href") ?? ""),
  ];
  for (const raw of candidates) {
    const url = absolute(raw, base);
    if (!url) continue;
    const host = new URL(url).hostname.replace(/^www\./, "");
    if (
      /^(youtube\.com|youtu\.be|m\.youtube\.com|youtube-nocookie\.com)$/.test(host) &&
      /watch|embed|youtu\.be\//.test(url)
    )
      return url;
    if (/^(vimeo\.com|player\.vimeo\.com)$/.test(host) && /\/\d+/.test(url)) return url;
  }
  return null;
}

/** An absolute http(s) URL, or null. */
function absolute(raw: string | undefined, base: URL): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim(), base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Icon links, the largest square first (`sizes="180x180"`), apple-touch-icon before others of its size. */
function iconsOf($: cheerio.CheerioAPI, base: URL): string[] {
  const icons = $("link[rel][href]")
    .slice(0, 500)
    .toArray()
    .filter((el) => /(^|\s)(apple-touch-icon(-precomposed)?|icon|shortcut icon)(\s|$)/i.test($(el).attr("rel") ?? ""))
    .slice(0, MAX_NODES)
    .map((el, order) => {
      const rel = ($(el).attr("rel") ?? "").toLowerCase();
      const sizes = /(\d+)x(\d+)/i.exec($(el).attr("sizes") ?? "");
      const square = sizes && sizes[1] === sizes[2] ? Number(sizes[1]) : 0;
      const apple = rel.includes("apple-touch-icon");
      // An apple-touch-icon is 180 px when it does not say; an unsized icon is likely a 16-32 px favicon.
      const size = square || (apple ? 180 : ($(el).attr("href") ?? "").endsWith(".svg") ? 256 : 16);
      return { url: absolute($(el).attr("href"), base), size, apple, order };
    })
    .filter((i): i is { url: string; size: number; apple: boolean; order: number } => Boolean(i.url));
  icons.sort((a, b) => b.size - a.size || Number(b.apple) - Number(a.apple) || a.order - b.order);
  return icons.map((i) => i.url);
}

/** The facts of the page at `pageUrl` (after redirects), from its HTML. */
export function pageFacts(html: string, pageUrl: string): PageFacts {
  const $ = cheerio.load(html);
  const base = new URL(pageUrl);
  const meta = (selector: string) => oneLine($(selector).first().attr("content") ?? "");
  const ld = jsonLd($);
  const app = ld.find(isApp);
  const org = ld.find(isOrg);

  const name =
    plain(meta('meta[property="og:site_name"]'), MAX_NAME) ||
    plain(str(app?.name), MAX_NAME) ||
    plain(str(org?.name), MAX_NAME) ||
    cleanTitle($("title").first().text()) ||
    plain(meta('meta[property="og:title"]'), MAX_NAME);

  const description = plain(
    meta('meta[name="description"]') ||
      meta('meta[property="og:description"]') ||
      meta('meta[name="twitter:description"]') ||
      str(app?.description) ||
      str(org?.description),
    MAX_DESCRIPTION,
  );

  const logos = [
    ...iconsOf($, base),
    ...[imageUrl(org?.logo), imageUrl(app?.logo)].map((u) => absolute(u, base)),
    new URL("/favicon.ico", base).href,
  ].filter((u, i, all): u is string => Boolean(u) && all.indexOf(u) === i);

  const screenshots = [
    ...$(
      'meta[property="og:image"], meta[property="og:image:url"], meta[name="twitter:image"], meta[property="twitter:image"]',
    )
      .slice(0, MAX_NODES)
      .toArray()
      .map((el) => absolute($(el).attr("content"), base)),
    ...[app?.screenshot]
      .flat()
      .slice(0, MAX_NODES)
      .map((s) => absolute(imageUrl(s), base)),
  ]
    .filter((u, i, all): u is string => Boolean(u) && all.indexOf(u) === i)
    .slice(0, MAX_SCREENSHOTS)
    .map((url) => ({ url, alt_text: name ? `${name} screenshot` : "Screenshot" }));

  const pricingLink = $("a[href]")
    .slice(0, 1000)
    .toArray()
    .map((el) => ({ text: oneLine($(el).text()).toLowerCase(), url: absolute($(el).attr("href"), base) }))
    .find(
      (a) =>
        a.url &&
        new URL(a.url).host === base.host &&
        (/^(pricing|plans|prices|plans & pricing|plans and pricing)$/.test(a.text) ||
          /\/(pricing|plans)\/?$/.test(new URL(a.url).pathname)),
    );

  const keywords = plain(
    [
      meta('meta[name="keywords"]'),
      applicationCategoryWords(app?.applicationCategory),
      applicationCategoryWords(app?.applicationSubCategory),
      textList(app?.keywords),
      textList(app?.featureList),
    ]
      .filter(Boolean)
      .join(", "),
    MAX_TOPIC_TEXT,
  );
  const headings = plain(
    [
      $("title").first().text(),
      meta('meta[property="og:title"]'),
      ...$("h1, h2, h3")
        .slice(0, MAX_NODES)
        .toArray()
        .map((el) => $(el).text()),
    ]
      .map(oneLine)
      .filter(Boolean)
      .join(". "),
    MAX_TOPIC_TEXT,
  );

  return {
    name,
    description,
    keywords,
    headings,
    logos,
    screenshots,
    video_url: videoOf($, base),
    pricing_type: pricingFromOffers(app?.offers),
    pricing_url: pricingLink?.url ?? null,
  };
}
