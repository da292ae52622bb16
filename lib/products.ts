import { PRO_PRICE_CENTS } from "./pro-plan";

/** The products sold at one price the admin sets; sponsor weeks are priced on their placements. */
export const PRICED_PRODUCTS = ["pro", "fast_track"] as const;
export type PricedProduct = (typeof PRICED_PRODUCTS)[number];

/** The package id of a paid fast-track review (checkout metadata, payments.package_id). */
export const FAST_TRACK_PACKAGE = "fast_track";

/** Prices until the admin sets others (migration 0027 writes the same). */
export const DEFAULT_PRICES: Record<PricedProduct, number> = { pro: PRO_PRICE_CENTS, fast_track: 1900 };

/** The most and least a price may be, in cents (the table's check). */
export const PRICE_LIMITS = { min: 50, max: 10_000_000 } as const;
