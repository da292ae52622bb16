import { useStore } from "@nanostores/react";
import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { ToasterProps } from "sonner";
import { pendingSignInReturn } from "../../lib/sign-in-return";
import { storedToken } from "../lib/api";
import { showFlash } from "../lib/flash";
import { toasterMounted } from "../lib/toast";
import { $authDialog, $sessionLoading, $user, signOut } from "../stores/session";

// Loaded after the page: neither the dialog nor the toast library is needed for first paint.
const AuthDialog = lazy(() => import("./AuthDialog"));
// Loaded only when a page for members sent the visitor here to sign in.
const SignInReturn = lazy(() => import("./SignInReturn"));

/**
 * Header actions by session state (SPEC §2 "Header"), the auth dialog, and the application's
 * toast area at the top right. Rendered in the browser only: the session lives there. The dialog
 * and the toasts go to <body>: on a phone these buttons sit in the header's menu, which closes.
 */
export default function HeaderNav() {
  const user = useStore($user);
  const sessionLoading = useStore($sessionLoading);
  // The toaster renders differently on the server, so it mounts after hydration.
  const [mounted, setMounted] = useState(false);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  const dialogOpen = useStore($authDialog) !== null;
  useEffect(() => {
    setMounted(true);
    void import("sonner").then((m) => setToaster(() => m.Toaster));
  }, []);
  // The Toaster's own effects run before this one, so it is listening when toasts are released.
  useEffect(() => {
    if (Toaster) toasterMounted();
  }, [Toaster]);
  // The server renders a signed-out visitor's buttons, and so does hydration; a member's stored
  // session is then checked with nothing in the slot. The stylesheet hides the signed-out buttons
  // from a visitor with a stored session (<html data-member>, lib/session.ts) until none is found.
  // Another island may have checked the session before this one hydrates: hydration still
  // renders what the server did, and the member's buttons follow.
  const member = mounted ? user : null;
  const loading = mounted && sessionLoading && storedToken() !== null;
  useEffect(() => {
    if (mounted) showFlash();
  }, [mounted]);
  // No session after all (none stored, or the stored one was refused): the signed-out buttons show.
  const signedOut = mounted && !sessionLoading && user === null;
  useEffect(() => {
    if (signedOut) document.documentElement.removeAttribute("data-member");
  }, [signedOut]);
  return (
    <>
      {mounted && pendingSignInReturn() ? (
        <Suspense fallback={null}>
          <SignInReturn ready={!sessionLoading && Toaster !== null} user={user} dialogOpen={dialogOpen} />
        </Suspense>
      ) : null}
      {loading ? null : member ? (
        <>
          <a className="btn btn-primary btn-sm" href="/submit">
            Submit Tool
          </a>
          <a className="btn btn-outline btn-sm" href="/account">
            My Account
          </a>
          {member.role === "admin" ? (
            <a className="btn btn-ghost btn-sm" href="/admin">
              Admin
            </a>
          ) : null}
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
          <button type="button" className="btn btn-ghost btn-sm signed-out" onClick={() => $authDialog.set("signin")}>
            Log In
          </button>
          <button type="button" className="btn btn-primary btn-sm signed-out" onClick={() => $authDialog.set("signup")}>
            Sign Up
          </button>
        </>
      )}
      {dialogOpen
        ? createPortal(
            <Suspense fallback={null}>
              <AuthDialog />
            </Suspense>,
            document.body,
          )
        : null}
      {/* Top right (SPEC), below the header (64 px) so a toast never covers its buttons. */}
      {Toaster
        ? createPortal(
            <Toaster
              position="top-right"
              richColors
              closeButton
              offset={{ top: 76, right: 16 }}
              mobileOffset={{ top: 72 }}
            />,
            document.body,
          )
        : null}
    </>
  );
}
