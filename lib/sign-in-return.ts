/**
 * A page only signed-in visitors may see (the admin, /submit) sends the others to / with the
 * address to come back to; the home page opens the sign-in (or sign-up) dialog with a toast saying
 * why, and returns there once signed in. Kept in sessionStorage: one tab, one attempt.
 */
const KEY = "signInReturn";

export function askSignInThenReturn(path: string): void {
  try {
    sessionStorage.setItem(KEY, path);
  } catch {}
}

/** The path waiting for a sign-in, if any (only same-site paths are kept). */
export function pendingSignInReturn(): string | null {
  try {
    const path = sessionStorage.getItem(KEY);
    return path?.startsWith("/") && !path.startsWith("//") ? path : null;
  } catch {
    return null;
  }
}

export function clearSignInReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {}
}
