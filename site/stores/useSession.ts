import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { $isPro, $user } from "./session";

/**
 * The session as a pre-rendered island may show it: signed out (as the server rendered it) until
 * the island has hydrated, then the live session. Keeps hydration free of mismatches.
 */
export function useSession() {
  const user = useStore($user);
  const isPro = useStore($isPro);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? { user, isPro } : { user: null, isPro: false };
}
