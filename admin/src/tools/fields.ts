import { isHttpUrl } from "../../../lib/url";

export const PRICING_CHOICES = [
  { id: "free", name: "Free" },
  { id: "freemium", name: "Freemium" },
  { id: "paid", name: "Paid" },
  { id: "free trial", name: "Free Trial" },
];

/** URL fields hold an http(s) URL or nothing (the server enforces the same rule). */
export const validateUrl = (value: unknown) =>
  !value || isHttpUrl(String(value)) ? undefined : "Enter an http(s) URL";

export const validateVideoUrl = (value: unknown) => {
  if (!value) return undefined;
  const error = validateUrl(value);
  if (error) return error;
  const host = new URL(String(value)).hostname.replace(/^(www|m)\./, "");
  return ["youtube.com", "youtu.be", "vimeo.com", "player.vimeo.com"].includes(host)
    ? undefined
    : "Use a YouTube or Vimeo link";
};
