import { FLASH_KEY } from "../../lib/session";
import { toast } from "./toast";

type Kind = "success" | "error" | "info";

/** Keeps a toast across a full-page redirect: shown by the next page's header on load. */
export function flashThenGo(kind: Kind, message: string, href: string) {
  try {
    // Tagged with this document's start time, so only the next page shows it.
    sessionStorage.setItem(FLASH_KEY, JSON.stringify({ kind, message, from: performance.timeOrigin }));
  } catch {}
  window.location.replace(href);
}

export function showFlash() {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    const { kind, message, from } = JSON.parse(raw) as { kind: Kind; message: string; from: number };
    if (from === performance.timeOrigin) return;
    sessionStorage.removeItem(FLASH_KEY);
    // Wait a tick so the Toaster is mounted.
    setTimeout(() => toast[kind](message), 0);
  } catch {}
}
