/**
 * The background card drain (forked by rebuild/card-drain.ts): draws every pending card of the
 * store and reports how many. It runs at the lowest CPU priority, so visitors' requests and
 * render passes go first. Node runs this file as it is (types stripped): relative imports name
 * their `.ts`.
 */
import { readdirSync } from "node:fs";
import { constants, setPriority } from "node:os";

/** Cards drawn at once: enough to keep one core busy between the libvips and JavaScript steps. */
const CONCURRENCY = 2;

/**
 * Every thread of this process to the lowest priority, before the drawing code starts any
 * (threads started later, libuv's pool and libvips's, inherit it). Linux gives each thread its
 * own priority, hence the loop over /proc; elsewhere the process's call covers it.
 */
function lowestPriority(): void {
  const lowest = constants.priority.PRIORITY_LOW;
  let threads: string[] = [];
  try {
    threads = readdirSync("/proc/self/task");
  } catch {}
  for (const id of threads.length ? threads.map(Number) : [0]) {
    try {
      setPriority(id, lowest);
    } catch {}
  }
}

lowestPriority();
// The server going away takes the drain with it; its entries stay for the next one.
process.on("disconnect", () => process.exit(0));
const { drainPending } = await import("./card-store.ts");
const { renderSettings } = await import("../config/settings.ts");
const { CARDS_DIR, MEDIA_DIR } = renderSettings();
const result = await drainPending(CARDS_DIR, MEDIA_DIR, CONCURRENCY);
process.send?.({ type: "drained", ...result }, () => process.exit(0));
