/** Words of a query that are searched: a long query's first ones that say something. */
const MAX_QUERY_WORDS = 12;

/**
 * The words of a query as the index splits them (unicode61): lower-case letters and digits, at
 * most `max` of them.
 */
export function queryWords(text: string, max = MAX_QUERY_WORDS): string[] {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/\p{M}/gu, "")
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, max)
      .map((w) => w.slice(0, 64)) ?? []
  );
}

// Words that say nothing about a tool; dropped when the query has others.
const STOPWORDS = new Set(
  "a an and are as at be best by can do for from good how i in is it me my of on or such that the this to tool tools with you your".split(
    " ",
  ),
);

/**
 * The words a query is searched by: those that say something (all of them when none does), each
 * once, at most MAX_QUERY_WORDS.
 */
export function searchedWords(text: string): string[] {
  // Stop words go before the query is cut short: a long sentence keeps the words that say something.
  const typed = withoutPhrasings(queryWords(text, Number.POSITIVE_INFINITY));
  const meaningful = typed.filter((w) => !STOPWORDS.has(w));
  // A word typed twice is searched once (each copy would carry all of its synonyms again).
  return [...new Set(meaningful.length > 0 ? meaningful : typed)].slice(0, MAX_QUERY_WORDS);
}

// A visitor's way of asking ("tool for", "app that", "software to"): the kind of thing is not
// what they look for when a purpose follows it. "ios app" alone keeps "app".
const ASKING_NOUNS = new Set(["app", "apps", "tool", "tools", "software", "website", "site", "platform", "ai"]);
const ASKING_LINKS = new Set(["for", "that", "to", "which", "who"]);

/** The words without a visitor's phrasing: "app that writes emails" -> "writes emails". */
function withoutPhrasings(words: string[]): string[] {
  return words.filter((w, i) => !(ASKING_NOUNS.has(w) && ASKING_LINKS.has(words[i + 1] ?? "")));
}

/** The phrases a visitor put in double quotes, each as its words ('"meeting notes" app'). */
export function quotedPhrases(text: string): string[][] {
  return [...text.matchAll(/["\u201c\u201d]([^"\u201c\u201d]+)["\u201c\u201d]/g)]
    .map((m) => queryWords(m[1] ?? ""))
    .filter((words) => words.length > 1);
}

/** What a tool turns one thing into another from: "image to text" is not "text to image". */
const MEDIA = new Set(
  "speech text image images video videos audio voice code pdf pdfs photo photos music song sketch slides sql markdown html website transcript subtitles 3d".split(
    " ",
  ),
);

/**
 * The "A to B" conversions a query asks for, as [A, B] ("audio to text", "pdf 2 word"), in the
 * visitor's order: a tool that says the same order is the answer, the reverse is another tool.
 */
export function directions(text: string): [string, string][] {
  const words = queryWords(text, Number.POSITIVE_INFINITY);
  const found: [string, string][] = [];
  for (let i = 1; i + 1 < words.length; i++) {
    const [from, to] = [words[i - 1] as string, words[i + 1] as string];
    if ((words[i] === "to" || words[i] === "2" || words[i] === "into") && MEDIA.has(from) && MEDIA.has(to)) {
      found.push([from, to]);
    }
  }
  return found;
}
