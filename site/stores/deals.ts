import { atom } from "nanostores";

/** The ids of the tools with a live deal, once asked (null until then, or when it failed). */
export const $dealTools = atom<Set<number> | null>(null);

let asked = false;

/** Asks the API once a page which tools have a deal (for cards that came from the API). */
export function loadDealTools(): void {
  if (asked) return;
  asked = true;
  fetch("/api/deals")
    .then((response) => (response.ok ? (response.json() as Promise<{ tool_id: number }[]>) : null))
    .then((deals) => {
      if (deals) $dealTools.set(new Set(deals.map((d) => d.tool_id)));
    })
    .catch(() => {
      // No badge is better than a wrong one: the cards keep what they were given.
    });
}
