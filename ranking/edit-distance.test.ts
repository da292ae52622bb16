import { describe, expect, it } from "vitest";
import { editDistance } from "./edit-distance";

describe("the edit distance", () => {
  it("counts a swap of neighbours as one edit and stops at the bound", () => {
    expect(editDistance("imgae", "image", 1)).toBe(1);
    expect(editDistance("transcripton", "transcription", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });
});
