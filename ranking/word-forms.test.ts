import { describe, expect, it } from "vitest";
import { stem } from "./word-forms";

describe("a word's stem", () => {
  it("reduces a word to a prefix its other forms share", () => {
    expect(stem("generators")).toBe("generat");
    expect(stem("editing")).toBe("edit");
    expect(stem("running")).toBe("run");
    expect(stem("news")).toBe("news");
  });
});
