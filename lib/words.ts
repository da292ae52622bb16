/** A word for `count` of something: "1 save", "2 saves", "0 views". */
export const plural = (count: number, word: string) => `${word}${count === 1 ? "" : "s"}`;
