/** The directory's name, in titles, feeds and structured data. */
export const SITE_NAME = "AI Tools Directory";
