import { useStore } from "@nanostores/react";
import { useEffect } from "react";
import { Toaster } from "sonner";
import { showFlash } from "../lib/flash";
import { $authDialog, $sessionLoading, $user, signOut } from "../stores/session";
import AuthDialog from "./AuthDialog";

/**
 * Header actions by session state (SPEC §2 "Header"), the auth dialog, and the application's
 * toast area at the top right.
 */
export default function HeaderNav() {
  const user = useStore($user);
  const loading = useStore($sessionLoading);
  useEffect(showFlash, []);
  return (
    <>
      <nav className="nav" aria-label="Main">
        <a className="nav-link" href="/blog">
          Blog
        </a>
        <a className="nav-link" href="/pricing">
          Pricing
        </a>
        <div className="auth-slot" aria-busy={loading}>
          {loading ? null : user ? (
            <>
              <a className="btn btn-primary btn-sm" href="/submit">
                Submit Tool
              </a>
              <a className="btn btn-outline btn-sm" href="/account">
                My Account
              </a>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                onClick={async () => {
                  await signOut();
                  window.location.href = "/";
                }}
              >
                Logout
              </button>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => $authDialog.set("signin")}>
                Log In
              </button>
              <button type="button" className="btn btn-primary btn-sm" onClick={() => $authDialog.set("signup")}>
                Sign Up
              </button>
            </>
          )}
        </div>
      </nav>
      <AuthDialog />
      <Toaster position="top-right" richColors closeButton />
    </>
  );
}
