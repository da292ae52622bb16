/**
 * The directory's orders (`GET /api/tools/?sort=`, the sort menus). Without `sort` the list keeps
 * its default order: relevance when searching, else featured first, then most saved, then newest.
 */
export const TOOL_SORTS = ["relevance", "newest", "saves", "rating", "name"] as const;
export type ToolSort = (typeof TOOL_SORTS)[number];

export const SORT_LABELS: Record<ToolSort, string> = {
  relevance: "Relevance",
  newest: "Newest",
  saves: "Most saved",
  rating: "Top rated",
  name: "Name (A-Z)",
};

export function isToolSort(value: string): value is ToolSort {
  return (TOOL_SORTS as readonly string[]).includes(value);
}

/**
 * How many reviews at the site's mean rating every tool starts with when sorting by rating (the
 * prior count C of a Bayesian average, (C·m + Σ ratings) / (C + n)): a single 5-star review
 * then ranks below a long record of 4.8s.
 */
export const RATING_PRIOR_REVIEWS = 5;
