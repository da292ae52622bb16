/**
 * A prefix that matches a word's inflected and derived forms: "generators", "generating" and
 * "generate" -> "generat", "editing" -> "edit", "companies" -> "compan". Never shorter than 4
 * letters, so a short word keeps its meaning ("news" stays "news", "code" stays "code").
 */
export function stem(word: string): string {
  let out = word;
  const strip = (pattern: RegExp, to = "") => {
    const next = out.replace(pattern, to);
    if (next === out || next.length < 4) return false;
    out = next;
    return true;
  };
  strip(/ies$/) || strip(/(ss|sh|ch|x)es$/, "$1") || strip(/([^su])s$/, "$1");
  const verb = strip(/ing$/) || strip(/ed$/);
  // "generate" -> "generat", which also finds "generator" and "generation".
  if (!verb) strip(/(at|it|ut|pt)ion$/, "$1") || strip(/(er|or)$/) || strip(/([^aeiou])e$/, "$1");
  // "running" -> "runn" -> "run"
  return verb && /([^aeiouls])\1$/.test(out) ? out.slice(0, -1) : out;
}

/** Plural and verb endings only: what a visitor adds to a word the index holds in another form. */
export function inflectionStem(word: string): string | null {
  for (const [pattern, to] of [
    [/ies$/, "y"],
    [/(ss|sh|ch|x)es$/, "$1"],
    [/([^su])s$/, "$1"],
    [/ing$/, ""],
    [/ed$/, ""],
  ] as const) {
    const next = word.replace(pattern, to);
    if (next !== word && next.length >= 3) return next;
  }
  return null;
}

/**
 * The verbs a doer's word may come from ("coders" -> "code", "builder" -> "build"): a visitor
 * types "logo maker" where tools say "make logos".
 */
export function doerBases(word: string): string[] {
  const doer = /^(.{2,}?)(er|or)s?$/.exec(word);
  if (!doer) return [];
  const base = doer[1] as string;
  return [`${base}e`, base];
}
