/** A word for `count` of something: "1 save", "2 saves", "0 views". */
export const plural = (count: number, word: string) => `${word}${count === 1 ? "" : "s"}`;

/** The list's count line: SPEC's "Showing N tools", and "Showing 1 tool" for one. */
export const showingCount = (count: number) => `Showing ${count} ${plural(count, "tool")}`;
