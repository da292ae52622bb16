import { useEffect, useRef } from "react";
import { clearSignInReturn, pendingSignInReturn } from "../../lib/sign-in-return";
import { toast } from "../lib/toast";
import type { PublicUser } from "../lib/types";
import { $authDialog } from "../stores/session";

/**
 * Sent here from the admin while signed out (lib/sign-in-return.ts): says why, opens the sign-in
 * dialog, and goes back once signed in; closing the dialog without signing in gives up the return.
 */
export function useSignInReturn(ready: boolean, user: PublicUser | null, dialogOpen: boolean) {
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
      toast.info("Please sign in to open the admin");
      $authDialog.set("signin");
    } else if (!dialogOpen) clearSignInReturn();
  }, [ready, user, dialogOpen]);
}
