import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { formMessageOf, readableDetail } from "./messages";

describe("a server's message shown by a form", () => {
  it("names fields in words rather than the API's names", () => {
    expect(readableDetail("website_url: must be an http(s) URL")).toBe("Website URL: must be an http(s) URL");
    expect(readableDetail("ends_at: the end date must be in the future")).toBe(
      "Ends: the end date must be in the future",
    );
    expect(readableDetail("faq.0.answer: at most 500 characters; name: name is required")).toBe(
      "FAQ 1 answer: at most 500 characters; Name: name is required",
    );
  });

  it("leaves a sentence as it is", () => {
    const sentence = "Many websites are being read right now. Please try again in a moment.";
    expect(readableDetail(sentence)).toBe(sentence);
    expect(readableDetail("You already have Pro access!")).toBe("You already have Pro access!");
  });

  it("falls back to the page's own words when the server gave none", () => {
    expect(formMessageOf(new ApiError("HTTP error! status: 500", 500), "Failed to save tool")).toBe(
      "Failed to save tool",
    );
    expect(formMessageOf(new Error("network"), "Failed to save tool")).toBe("Failed to save tool");
    expect(formMessageOf(new ApiError("url: enter a full http or https address", 422), "x")).toBe(
      "URL: enter a full http or https address",
    );
  });
});
