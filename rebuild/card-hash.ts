import { createHash } from "node:crypto";
import { CARD_TEMPLATE_VERSION, type CardInput } from "../lib/cards.ts";

/** The card's name: the hash of its inputs and the template version (stable key order). */
export function cardHash(input: CardInput): string {
  const parts = [
    CARD_TEMPLATE_VERSION,
    input.label,
    input.title,
    input.subtitle,
    input.rating ? [Math.round(input.rating.average * 10) / 10, input.rating.count] : null,
    input.logos.slice(0, 2).map((logo) => [logo.name, logo.hash]),
    input.siteName,
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}
