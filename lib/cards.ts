/**
 * Social cards: the 1200x630 PNG a link preview shows for a page (og:image, twitter:image).
 * A card is named by the hash of everything drawn on it, so a page whose card inputs did not
 * change names the same file and nothing is drawn again; any change (a rename, a new rating, a
 * new logo, a new design) names a new file. The render worker draws the missing ones
 * (rebuild/card-image.ts) into the card store, served under /cards/ with immutable caching.
 * Plain module: the pages and the worker both load it; the name's hash is rebuild/card-hash.ts.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Bumped whenever the drawing changes: every card gets a new name and is drawn anew. */
export const CARD_TEMPLATE_VERSION = 1;

/** What a card shows. Every field is part of its name. */
export type CardInput = {
  /** The small line above the title ("AI tool · Image generation", "Comparison"). */
  label: string;
  title: string;
  subtitle: string;
  /** Average rating and review count: drawn only with at least one review. */
  rating: { average: number; count: number } | null;
  /**
   * The pictures at the top left: a logo of the site's own (its content hash, see lib/media.ts)
   * or, without one, the name's monogram. At most two (a comparison).
   */
  logos: { name: string; hash: string | null }[];
  siteName: string;
};

/** A stored card's file name: 32 hex characters of the input hash. */
export const CARD_FILE = /^([0-9a-f]{32})\.png$/;

export const cardPath = (hash: string) => `/cards/${hash}.png`;

/** The card's alternative text: what it says, for readers who cannot see it. */
export function cardAlt(input: CardInput): string {
  const rating = input.rating
    ? ` Rated ${input.rating.average.toFixed(1)} of 5 from ${reviews(input.rating.count)}.`
    : "";
  const about = [input.label, input.subtitle].filter(Boolean).join(": ");
  return `${input.title}${about ? ` (${about})` : ""}.${rating} ${input.siteName}`.replace(/\s+/g, " ").trim();
}

export const reviews = (count: number) => `${count} review${count === 1 ? "" : "s"}`;
