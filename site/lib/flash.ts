import { toast } from "sonner";

const KEY = "flash";
type Kind = "success" | "error" | "info";

/** Keeps a toast across a full-page redirect: shown by the next page's header on load. */
export function flashThenGo(kind: Kind, message: string, href: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ kind, message }));
  } catch {}
  window.location.replace(href);
}

export function showFlash() {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return;
    sessionStorage.removeItem(KEY);
    const { kind, message } = JSON.parse(raw) as { kind: Kind; message: string };
    // Wait a tick so the Toaster is mounted.
    setTimeout(() => toast[kind](message), 0);
  } catch {}
}
