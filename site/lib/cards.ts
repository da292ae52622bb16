/**
 * The social card of a page (lib/cards.ts): its absolute address and alternative text for the
 * meta tags, and a word to the render worker's card queue so a missing card is drawn before the
 * pass ends.
 */
import { type CardInput, cardAlt, cardPath } from "../../lib/cards";
import { SITE_NAME } from "../../lib/site";
import { cardHash } from "../../rebuild/card-hash";
import { renderState } from "../../rebuild/scope";

export type { CardInput } from "../../lib/cards";

export type PageCard = { url: string; alt: string };

/** What a page without a card of its own shows. */
export const SITE_CARD: CardInput = {
  label: "",
  title: SITE_NAME,
  subtitle: "Find, compare and review the best AI tools",
  rating: null,
  logos: [],
  siteName: SITE_NAME,
};

/** The page's card, or null where no card is drawn (SOCIAL_CARDS=false, or outside the render worker). */
export function socialCard(input: CardInput, site: URL): PageCard | null {
  const want = renderState().cards;
  if (!want) return null;
  const hash = cardHash(input);
  want(hash, input);
  return { url: new URL(cardPath(hash), site).href, alt: cardAlt(input) };
}

/** A card's inputs for the usual page: the site's name is added. */
export function card(fields: Omit<CardInput, "siteName" | "rating" | "logos"> & Partial<CardInput>): CardInput {
  return { rating: null, logos: [], siteName: SITE_NAME, ...fields };
}

/** The rating a card shows: a tool's average, once it has a review. */
export function cardRating(tool: { avg_rating: number; review_count: number }): CardInput["rating"] {
  return tool.review_count > 0 ? { average: tool.avg_rating, count: tool.review_count } : null;
}

/** A tool's picture on a card: the hash of the site's copy of its logo, or its monogram. */
export function cardLogo(tool: { name: string; media?: { logo: { hash: string } | null } | null }) {
  return { name: tool.name, hash: tool.media?.logo?.hash ?? null };
}
