import type { Settings } from "../config/settings";

const pending = new WeakMap<object, Set<Promise<void>>>();

/**
 * Runs `work` after the answer is sent, so the answer's time and content say nothing about what
 * the work found (a password reset for an address with or without an account). A failure is
 * logged; `workSettled` waits for what is under way (a server stopping, a test).
 */
export function afterResponse(settings: Settings, work: () => Promise<void>): void {
  let set = pending.get(settings);
  if (!set) {
    set = new Set();
    pending.set(settings, set);
  }
  const running: Promise<void> = work()
    .catch((error) => console.error(JSON.stringify({ level: "error", after_response: String(error?.stack ?? error) })))
    .finally(() => set.delete(running));
  set.add(running);
}

export async function workSettled(settings: Settings): Promise<void> {
  await Promise.all(pending.get(settings) ?? []);
}
