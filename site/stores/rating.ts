import { atom } from "nanostores";

export type RatingFigures = { avg_rating: number; review_count: number };

/**
 * A tool page's rating figures once the visitor's own review changed them; null while the
 * pre-rendered figures still hold. The review form sets it, the sidebar shows it.
 */
export const $ratingUpdate = atom<RatingFigures | null>(null);
