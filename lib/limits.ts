/** Tools per page of the directory grid and its Load More (SPEC §9). */
export const PAGE_SIZE = 12;
/** A category page lists at most this many tools (SPEC §9: category page fetch limit). */
export const CATEGORY_PAGE_LIMIT = 100;
/** Items in a feed (the site's and each category's): its newest tools. */
export const FEED_SIZE = 50;
