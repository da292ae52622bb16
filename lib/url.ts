/** True for an absolute http(s) URL: the only kind stored in URL fields. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

const SAFE_PROTOCOL = /^(https?|ircs?|mailto|xmpp)$/i;

/**
 * Markdown link policy (SPEC §5): keep a URL with no protocol, a safe protocol, or a colon that
 * comes after a slash, question mark or hash (a relative URL); anything else becomes "".
 */
export function sanitizeLinkUrl(url: string): string {
  const colon = url.indexOf(":");
  if (colon === -1) return url;
  const firstDelimiter = url.search(/[/?#]/);
  if (firstDelimiter !== -1 && firstDelimiter < colon) return url;
  return SAFE_PROTOCOL.test(url.slice(0, colon)) ? url : "";
}

/** Rewrites YouTube and Vimeo watch-style links to their embeddable form; other URLs unchanged. */
export function toEmbedUrl(videoUrl: string): string {
  try {
    const url = new URL(videoUrl);
    const host = url.hostname.replace(/^www\.|^m\./, "");
    if (host === "youtube.com" && url.pathname === "/watch" && url.searchParams.get("v")) {
      return `https://www.youtube.com/embed/${url.searchParams.get("v")}`;
    }
    if (host === "youtube.com" && url.pathname.startsWith("/shorts/")) {
      return `https://www.youtube.com/embed/${url.pathname.split("/")[2]}`;
    }
    if (host === "youtu.be") return `https://www.youtube.com/embed${url.pathname}`;
    if (host === "vimeo.com" && /^\/\d+/.test(url.pathname)) {
      return `https://player.vimeo.com/video${url.pathname}`;
    }
    return videoUrl;
  } catch {
    return "";
  }
}
