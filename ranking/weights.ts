/** How rankings weigh what two tools share (see ranking/alternatives.ts): whole numbers of points. */

/** A tag on more tools than this is too common to tell tools apart: it counts for nothing. */
export const TAG_MAX_TOOLS = 500;
/** A word in more tools than this is too common to count (nor is a word only one tool uses). */
export const TERM_MAX_TOOLS = 100;

/** Points in one unit of score (the API's `score`): every weight below is a whole number of them. */
const POINTS_PER_UNIT = 2520;
export const CATEGORY_POINTS = 2520;
export const PRICING_POINTS = 630;
/** Words together never weigh more than a shared category. */
export const TEXT_CAP = 2520;

/** floor(log2(n)) for n >= 1. */
const magnitude = (n: number) => 31 - Math.clz32(n);

/** A tag's weight step (tools holding it, by powers of two), or null when it does not count. */
export function tagStep(tools: number): number | null {
  return tools >= 1 && tools <= TAG_MAX_TOOLS ? magnitude(tools) : null;
}

/** A word's weight step (tools using it, by powers of two), or null when it does not count. */
export function termStep(tools: number): number | null {
  return tools >= 2 && tools <= TERM_MAX_TOOLS ? magnitude(tools) : null;
}

// 7560 / (1..9) and 2520 / (2..7) are whole numbers: a tag held by 2-3 tools 1.5, by 256-500 one third.
export const tagPoints = (step: number) => 7560 / (1 + step);
// A word used by 2-3 tools 0.5, by 64-100 one seventh.
export const termPoints = (step: number) => 2520 / (1 + step);

/** The tool counts behind the weights. */
export interface Weights {
  /** How many tools hold a tag. */
  tagCount(tag: number): number;
  /** A word's weight step (see termStep), or null when it does not count. */
  termStep(term: string): number | null;
}

/** The API's score of a match: points in units, two decimals. */
export const scoreOf = (points: number) => Math.round((points / POINTS_PER_UNIT) * 100) / 100;
