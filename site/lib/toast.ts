/**
 * Toasts (sonner) loaded on demand: the toast library stays out of every page's first download.
 * Calls made before the toaster is on screen wait for it, so none is lost.
 */
type Kind = "success" | "error" | "info" | "warning";

let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the header once sonner's Toaster is mounted. */
export function toasterMounted() {
  markReady();
}

function show(kind: Kind, message: string) {
  void Promise.all([import("sonner"), ready]).then(([{ toast }]) => toast[kind](message));
}

export const toast = {
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
};
