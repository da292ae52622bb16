import type { Db } from "../db/client";
import { suggest } from "../db/queries/suggest";
import { percentile, record, timeEach } from "./lib";

/** What visitors type before a word is done: two to five letters, common and rare starts. */
const PREFIXES = ["ch", "im", "vid", "phot", "writ", "tra", "code", "ai", "zz", "mu", "sum", "gen"];

/**
 * The search box's suggestions at this many tools: p50 and p99 in ms, against the plain search's
 * p50 measured in the same run (`searchP50`). The aim is absolute: under 20 ms at p50.
 */
export async function suggestFigures(db: Db, tools: number, searchP50: number) {
  const times = await timeEach(600, (i) => suggest(db, PREFIXES[i % PREFIXES.length] ?? "ch"));
  for (const p of [50, 99]) {
    const value = percentile(times, p);
    record(
      {
        name: `suggest p${p} (ms), ${tools} tools / search p50`,
        value,
        unit: "ms",
        reference: searchP50,
        aim: "p50 < 20 ms",
      },
      value / searchP50,
      p !== 50 || value < 20,
    );
  }
}
