import { messageOf } from "./api";

/**
 * What a form shows when the server refuses it: the server's message with its fields named in
 * words (kept out of the every-page chunk: only forms load it).
 */
export function formMessageOf(error: unknown, fallback: string): string {
  return readableDetail(messageOf(error, fallback));
}

const FIELD_WORDS: Record<string, string> = { url: "URL", faq: "FAQ", id: "ID", ids: "IDs", at: "" };

/**
 * A validation detail names the API's fields ("website_url: must be an http(s) URL; faq.0.answer:
 * ..."), which API clients want; a visitor reads the field's words instead ("Website URL: ...",
 * "FAQ 1 answer: ...").
 */
export function readableDetail(detail: string): string {
  return detail
    .split("; ")
    .map((part) =>
      part.replace(/^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): /, (_, path: string) => {
        const words = path
          .split(/[._]/)
          .map((w) => (/^\d+$/.test(w) ? String(Number(w) + 1) : (FIELD_WORDS[w] ?? w)))
          .filter(Boolean)
          .join(" ");
        return `${words.charAt(0).toUpperCase()}${words.slice(1)}: `;
      }),
    )
    .join("; ");
}
