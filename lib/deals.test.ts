import { describe, expect, it } from "vitest";
import { dealEnds } from "./deals";

describe("a deal's end as a visitor reads it", () => {
  it("names the last day the deal runs, not the midnight it stops", () => {
    // A deal entered as running to 1 January is stored as ending at the start of the 2nd.
    expect(dealEnds("2027-01-02T00:00:00.000Z")).toBe("Ends 1 January 2027");
    expect(dealEnds("2027-01-01T15:30:00.000Z")).toBe("Ends 1 January 2027");
  });
});
