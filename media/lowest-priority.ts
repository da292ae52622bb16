import { readdirSync } from "node:fs";
import { constants, setPriority } from "node:os";

/**
 * Every thread of this process to the lowest CPU priority, called before the heavy code starts
 * any (threads started later, libuv's pool and libvips's, inherit it). Linux gives each thread
 * its own priority, hence the loop over /proc; elsewhere the process's call covers it. Used by
 * the image converters and the card drain, which must never hold the server's processor.
 */
export function lowestPriority(): void {
  let threads: string[] = [];
  try {
    threads = readdirSync("/proc/self/task");
  } catch {}
  for (const id of threads.length ? threads.map(Number) : [0]) {
    try {
      setPriority(id, constants.priority.PRIORITY_LOW);
    } catch {}
  }
}
