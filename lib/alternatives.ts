import { renumberFaq } from "./faq";
import { isPricingType, PRICING_LABELS } from "./pricing";

/** What one alternative shares with the tool it is listed for, as names (ranking/alternatives.ts). */
export type SharedTraits = {
  /** Shared tags' names, rarest first. */
  tags: string[];
  category: boolean;
  /** The shared category's name, when known: "Also in Writing" says more than "Same category". */
  categoryName?: string;
  /** Distinctive words both descriptions use, rarest first: real words only (ranking/alternatives.ts). */
  terms: string[];
  /** The pricing type both have, or null when it differs. */
  pricing: string | null;
};

/** How the reasons of one alternative are joined on a page. */
export const REASON_SEPARATOR = " · ";

const listed = (names: string[], max: number) =>
  names.length > max ? `${names.slice(0, max).join(", ")} and ${names.length - max} more` : names.join(", ");

/** A shared pricing type as a visitor says it. */
const SHARED_PRICING: Record<string, string> = {
  free: "Also free",
  freemium: "Also has a free plan",
  paid: "Also paid",
  "free trial": "Also offers a free trial",
};

/**
 * Why an alternative matches, strongest first: "Shares tags: Image generation, Art",
 * "Also in Audio", "Both mention “podcast” and “transcript”", "Also has a free plan". One shared word
 * says little ("server"): words are named only when two or more are shared.
 */
export function reasonTexts(shared: SharedTraits): string[] {
  const reasons: string[] = [];
  if (shared.tags.length) reasons.push(`Shares ${shared.tags.length > 1 ? "tags" : "tag"}: ${listed(shared.tags, 3)}`);
  if (shared.category) reasons.push(shared.categoryName ? `Also in ${shared.categoryName}` : "Same category");
  if (shared.terms.length >= 2) {
    // Quoted: they are words both pages use, read as such rather than as a sentence.
    const words = shared.terms.slice(0, 3).map((w) => `“${w}”`);
    reasons.push(`Both mention ${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);
  }
  if (shared.pricing) {
    const label = isPricingType(shared.pricing) ? PRICING_LABELS[shared.pricing] : shared.pricing;
    reasons.push(SHARED_PRICING[shared.pricing] ?? `Also ${label.toLowerCase()}`);
  }
  return reasons;
}

/**
 * The one path of the comparison page of two tools: `/compare/{a}-vs-{b}`, the slugs in
 * alphabetical order, whichever order they are given in.
 */
export function comparePath(slugA: string, slugB: string): string {
  return `/compare/${compareKey(slugA, slugB)}`;
}

/** The `{a}-vs-{b}` part of a comparison page's path (see comparePath). */
export function compareKey(slugA: string, slugB: string): string {
  const [first, second] = slugA < slugB ? [slugA, slugB] : [slugB, slugA];
  return `${first}-vs-${second}`;
}

/**
 * The pages `/compare/{key}` could be the other order of: one per `-vs-` in the key, since a
 * slug may hold `-vs-` itself (`x-vs-y-vs-z` is x against y-vs-z, or x-vs-y against z). Which
 * one exists is for the caller to look up among the pages there are.
 */
export function swappedCompareKeys(key: string): string[] {
  const keys: string[] = [];
  for (let at = key.indexOf("-vs-"); at >= 0; at = key.indexOf("-vs-", at + 1)) {
    const left = key.slice(0, at);
    const right = key.slice(at + 4);
    // A split already in order names this very path, which is not a page.
    if (left && right && right < left) keys.push(`${right}-vs-${left}`);
  }
  return keys;
}

type Listed = { name: string; pricing_type: string };

/**
 * The questions an alternatives page answers, from its list: the closest matches, the free
 * ones among them, and how the list is made.
 */
export function alternativesFaq(toolName: string, alternatives: Listed[]) {
  const names = alternatives.map((a) => a.name);
  const top = names.slice(0, 3);
  const free = alternatives.filter((a) => a.pricing_type === "free" || a.pricing_type === "freemium");
  const label = (pricing: string) => (isPricingType(pricing) ? PRICING_LABELS[pricing] : pricing);
  const freeAnswer = free.length
    ? `Yes: ${free
        .slice(0, 5)
        .map((a) => `${a.name} (${label(a.pricing_type)})`)
        .join(", ")}.`
    : `None of the closest alternatives to ${toolName} has a free plan; check each one for a free trial.`;
  return renumberFaq([
    {
      question: `What are the best alternatives to ${toolName}?`,
      answer: `The closest matches are ${listed(top, 3).replace(/, ([^,]*)$/, " and $1")}. They share the most with ${toolName}: tags, category, what their descriptions talk about and pricing.`,
    },
    { question: `Is there a free alternative to ${toolName}?`, answer: freeAnswer },
    {
      question: "How are these alternatives ranked?",
      answer: `By what each shares with ${toolName}. Shared tags count most, rarer tags more than common ones; then the same category, distinctive words both descriptions use, and the same pricing.`,
    },
  ]);
}
