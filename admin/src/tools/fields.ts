import { isMediaPath } from "../../../lib/media";
import { PRICING_LABELS, PRICING_TYPES } from "../../../lib/pricing";
import { isHttpUrl, toEmbedUrl } from "../../../lib/url";

export const PRICING_CHOICES = PRICING_TYPES.map((id) => ({ id, name: PRICING_LABELS[id] }));

/** URL fields hold an http(s) URL or nothing (the server enforces the same rule). */
export const validateUrl = (value: unknown) =>
  !value || isHttpUrl(String(value)) ? undefined : "Enter an http(s) URL";

/** A video must be one the tool page can embed: the same rule as the server's and the page's. */
export const validateVideoUrl = (value: unknown) =>
  validateUrl(value) ?? (!value || toEmbedUrl(String(value)) ? undefined : "Use a YouTube or Vimeo link");

/** An image URL may also be the address of a file uploaded to the site (/media/...). */
export const validateImageUrl = (value: unknown) =>
  !value || isHttpUrl(String(value)) || isMediaPath(String(value)) ? undefined : "Enter an http(s) URL";
