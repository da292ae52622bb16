/**
 * Markdown as plain text for cards and meta descriptions: images dropped, links reduced to their
 * text, marks and tags removed, whitespace collapsed. Small and dependency-free, because cards
 * render in the browser too.
 */
export function plainText(markdown: string): string {
  // No pattern crosses the bracket it opens with ("[", "(", "<"): a description of "![![![..."
  // is read in one pass, where patterns that ran to the end from every bracket took seconds.
  // Line marks (headings, quotes, list bullets, rules, table bars) part words; inline marks
  // (emphasis, code) join them, so "*fast*." stays "fast." and "text-to-speech" keeps its hyphens;
  // an underscore inside a word (snake_case) is no mark.
  return markdown
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, "")
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, "$1")
    .replace(/<[^<>]*>/g, "")
    .replace(/\|/g, " ")
    .replace(/^[ \t]*(?:[-*_:][ \t]*){3,}$/gm, " ")
    .replace(/^[ \t]*(?:#{1,6}|>+|[-*+]|\d+[.)])[ \t]+/gm, " ")
    .replace(/(\*\*?|`+|~~)(?=\S)|(?<=\S)(\*\*?|`+|~~)/g, "")
    .replace(/(?<!\w)__?(?=\S)|(?<=\S)__?(?!\w)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * How much of a description a tool card carries: two clamped lines show at most about 140
 * characters at any width, and a page's island props repeat every card's text.
 */
export const CARD_SUMMARY_CHARS = 240;

/** Plain text cut at a word to at most `max` characters, with an ellipsis when cut. */
export function summary(markdown: string, max = 155): string {
  const text = plainText(markdown);
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

/**
 * The first sentence of a text when it fits in `max` characters, else its summary: an intro that
 * quotes two tools reads as two whole sentences rather than two cut ones.
 */
export function firstSentence(markdown: string, max = 160): string {
  const text = plainText(markdown);
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0] ?? text;
  return sentence.length <= max ? sentence : summary(markdown, max);
}
