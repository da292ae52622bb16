import { describe, expect, it } from "vitest";
import { directions, quotedPhrases, searchedWords } from "./query-words";
import { directionMatch, searchTiers } from "./search-order";

describe("what a query asks for", () => {
  it("drops a visitor's phrasing, and keeps the same word when it is what they look for", () => {
    expect(searchedWords("app that writes emails")).toEqual(["writes", "emails"]);
    expect(searchedWords("tool for meeting notes")).toEqual(["meeting", "notes"]);
    expect(searchedWords("how to remove background")).toEqual(["remove", "background"]);
    expect(searchedWords("ios app")).toEqual(["ios", "app"]);
  });

  it("reads the direction of a conversion, in the visitor's order", () => {
    expect(directions("image to text")).toEqual([["image", "text"]]);
    expect(directions("Text-to-Image generator")).toEqual([["text", "image"]]);
    expect(directions("pdf 2 audio")).toEqual([["pdf", "audio"]]);
    expect(directions("go to market")).toEqual([]);
    expect(directionMatch(["image", "text"])).not.toEqual(directionMatch(["text", "image"]));
  });

  it("reads quoted phrases", () => {
    expect(quotedPhrases('"meeting notes" app')).toEqual([["meeting", "notes"]]);
    expect(quotedPhrases("no quotes here")).toEqual([]);
  });

  it("leaves out of each pass what an earlier pass found, so no tool comes twice", () => {
    expect(searchTiers(["P", "A", "O", "A"])).toEqual(["P", "(A) NOT (P)", "(O) NOT (P) NOT (A)"]);
    expect(searchTiers([null, "A"])).toEqual(["A"]);
  });
});
