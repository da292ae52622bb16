/** Tools per page of the directory grid and its Load More (SPEC §9). */
export const PAGE_SIZE = 12;
/** A category page lists at most this many tools (SPEC §9: category page fetch limit). */
export const CATEGORY_PAGE_LIMIT = 100;
/** Items in a feed (the site's and each category's): its newest tools. */
export const FEED_SIZE = 50;
/** Tags a tool carries at most (submit and edit forms, admin, CSV import). */
export const MAX_TOOL_TAGS = 5;
/**
 * A category page's Featured section shows at most this many featured tools (SPEC §9: 3), and a
 * name-similarity search lets at most this many lead. The directory's default order puts every
 * featured tool first (db/queries/tools.ts LISTING_ORDER), so none falls below its badge.
 */
export const FEATURED_PLACES = 3;
/** The largest image accepted, fetched or uploaded (a logo, a screenshot). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The image types an upload may carry (the server reads the real type from the bytes). */
export const IMAGE_UPLOAD_TYPES = "image/png,image/jpeg,image/webp,image/gif,image/svg+xml";
