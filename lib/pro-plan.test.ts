import { describe, expect, it } from "vitest";
import { firstSentence } from "./plain-text";
import { daysLeft, proPlanTerms } from "./pro-plan";
import { showingCount } from "./words";

describe("what Pro buys, in one set of words", () => {
  it("names the server's number of days, renewing and cancelling", () => {
    const terms = proPlanTerms(45);
    expect(terms.buys).toContain("$9.99");
    expect(terms.buys).toContain("45 days");
    expect(terms.renew).toContain("another 45 days");
    expect(terms.cancel).toMatch(/unfeatured/);
  });

  it("counts whole days left, never below zero", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    expect(daysLeft("2026-01-31T12:00:00Z", now)).toBe(30);
    expect(daysLeft("2026-01-01T13:00:00Z", now)).toBe(1);
    expect(daysLeft("2025-12-31T12:00:00Z", now)).toBe(0);
  });
});

describe("list words", () => {
  it("says 'Showing 1 tool' and SPEC's 'Showing N tools' otherwise", () => {
    expect(showingCount(1)).toBe("Showing 1 tool");
    expect(showingCount(0)).toBe("Showing 0 tools");
    expect(showingCount(12)).toBe("Showing 12 tools");
  });

  it("quotes a whole first sentence, or a cut summary when it is too long", () => {
    expect(firstSentence("Writes **tidy** notes. Then more.")).toBe("Writes tidy notes.");
    expect(firstSentence(`${"word ".repeat(60)}end.`, 40).endsWith("…")).toBe(true);
  });
});
