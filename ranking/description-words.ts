/** A tool's distinctive words: at most this many of its description's rarest. */
const TERMS_PER_TOOL = 12;

// Words that say nothing about what a tool does: English function words, the generic verbs and
// adjectives product descriptions share, and the pieces of links.
const STOPWORDS = new Set(
  `able about across add adds after all allow allows almost along also although always among and another any
  anything app apps are around automatic automatically available based because been before being best better
  between both build builds built but called can change changes choose com come comes could create created
  creates day days different does done down each easily easy edit edits either else enough etc even ever every
  everything fast feature features few find first for free from full get gets give gives good great had has
  have help helps her here high his how html http https including instead into its just keep kind known large
  last less let lets like long made main make makes many may more most much must need needs new non not now
  offer offers often once one online only open org other others our out over own paid part people per plan
  plans plus popular pricing quick quickly ready real request requests right run runs same see set several should
  simple since small some someone something start still subscription subscriptions such support supports take takes than that the their
  them then there these they thing things this those through time times too tool tools top turn turns two
  under understand understands until upon use used user users uses using various very via want was way ways well were
  what when where whether which while who whole will with within without work works would www year years yet
  you your`.split(/\s+/),
);

/**
 * The words of a description as the search index splits them (unicode61: letters and digits,
 * lower case, diacritics removed), at least three letters, not all digits, no stopwords.
 */
export function descriptionWords(text: string): string[] {
  const words =
    text
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter(isDescriptionWord))];
}

/** Whether an indexed word can be one of a tool's distinctive words (see descriptionWords). */
export function isDescriptionWord(word: string): boolean {
  return word.length >= 3 && word.length <= 40 && !/^\d+$/.test(word) && !STOPWORDS.has(word);
}

/**
 * Every word the search index may have made of `text`, in the spellings the tokenizers could
 * differ on (compatibility forms folded or not, combining marks dropped or splitting words):
 * the words whose tool counts a change to `text` can move.
 */
export function possibleIndexWords(text: string): string[] {
  const lower = text.toLowerCase();
  return [
    ...new Set([
      ...descriptionWords(lower),
      ...descriptionWords(lower.normalize("NFKD")),
      ...descriptionWords(lower.normalize("NFD").replace(/\p{M}/gu, " ")),
    ]),
  ];
}

/** A tool's distinctive words: its description's words that count, rarest first, then alphabetical. */
export function distinctiveTerms(description: string, step: (term: string) => number | null): string[] {
  const scored: [string, number][] = [];
  for (const word of descriptionWords(description)) {
    const s = step(word);
    if (s !== null) scored.push([word, s]);
  }
  scored.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return scored.slice(0, TERMS_PER_TOOL).map(([word]) => word);
}
