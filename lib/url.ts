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

const YOUTUBE_ID = /^[\w-]{1,64}$/;
const VIMEO_ID = /^\d{1,20}$/;

/**
 * The embeddable form of a YouTube or Vimeo link (watch-style links rewritten), or "" for
 * anything else: only those two players are framed (the CSP's frame-src says the same).
 */
export function toEmbedUrl(videoUrl: string): string {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  const segments = url.pathname.split("/").filter(Boolean);
  let youtube: string | null = null;
  if (host === "youtube.com" && url.pathname === "/watch") youtube = url.searchParams.get("v");
  else if (
    (host === "youtube.com" || host === "youtube-nocookie.com") &&
    ["shorts", "embed", "live"].includes(segments[0] ?? "")
  )
    youtube = segments[1] ?? null;
  else if (host === "youtu.be") youtube = segments[0] ?? null;
  if (youtube !== null) return YOUTUBE_ID.test(youtube) ? `https://www.youtube.com/embed/${youtube}` : "";
  const vimeo =
    host === "vimeo.com" ? segments[0] : host === "player.vimeo.com" && segments[0] === "video" ? segments[1] : null;
  if (vimeo && VIMEO_ID.test(vimeo)) return `https://player.vimeo.com/video/${vimeo}`;
  return "";
}
