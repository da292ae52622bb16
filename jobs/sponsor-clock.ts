import { readFileSync } from "node:fs";

/**
 * The sponsor-weeks job's clock: the real time, or in tests (SPONSOR_CLOCK_FILE) the ISO time
 * that file holds, so a test moves a week forward by writing it instead of waiting for it.
 */
export function sponsorClock(file: string | undefined): () => Date {
  if (!file) return () => new Date();
  return () => {
    try {
      const at = new Date(readFileSync(file, "utf8").trim());
      return Number.isNaN(at.getTime()) ? new Date() : at;
    } catch {
      return new Date();
    }
  };
}
