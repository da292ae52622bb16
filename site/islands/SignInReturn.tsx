import { useEffect, useRef } from "react";
import { clearSignInReturn, pendingSignInReturn } from "../../lib/sign-in-return";
import { toast } from "../lib/toast";
import type { PublicUser } from "../lib/types";
import { $authDialog } from "../stores/session";

/**
 * Why a visitor was sent here and which dialog helps: a maker sent from /submit is most likely
 * new (SPEC's toast for it is an error); an admin has an account.
 */
function askFor(path: string) {
  return path === "/submit"
    ? ({ kind: "error", message: "Please sign in to submit a tool", mode: "signup" } as const)
    : ({ kind: "info", message: "Please sign in to open the admin", mode: "signin" } as const);
}

/**
 * Sent here from a page for members (the admin, /submit) while signed out (lib/sign-in-return.ts):
 * says why, opens the dialog, and goes back once signed in or up; closing the dialog without
 * signing in, or leaving the page, gives up the return. The header loads it only while a return is pending, so it stays
 * out of every page's first download.
 */
export default function SignInReturn({
  ready,
  user,
  dialogOpen,
}: {
  ready: boolean;
  user: PublicUser | null;
  dialogOpen: boolean;
}) {
  const asked = useRef(false);
  useEffect(() => {
    if (!ready) return;
    const path = pendingSignInReturn();
    if (!path) return;
    if (user) {
      clearSignInReturn();
      window.location.assign(path);
    } else if (!asked.current) {
      asked.current = true;
      // The prompt is for this page only: leaving it (Back, a link, a reload) gives up the return.
      window.addEventListener("pagehide", clearSignInReturn, { once: true });
      const ask = askFor(path);
      toast[ask.kind](ask.message);
      $authDialog.set(ask.mode);
    } else if (!dialogOpen) clearSignInReturn();
  }, [ready, user, dialogOpen]);
  return null;
}
