import { useStore } from "@nanostores/react";
import { useEffect, useRef, useState } from "react";
import { Dialog, EmailField } from "../components/react/Dialog";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import { $authDialog, signIn, signUp } from "../stores/session";
import ForgotPassword from "./ForgotPassword";

/** Sign-in / sign-up dialog (SPEC §2 "Auth dialog"), opened through the $authDialog store. */
export default function AuthDialog() {
  const mode = useStore($authDialog);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!mode) return;
    first.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && $authDialog.set(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [mode]);

  if (!mode) return null;
  if (forgot && mode === "signin") return <ForgotPassword email={email} onBack={() => setForgot(false)} />;
  const signingUp = mode === "signup";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (signingUp) {
        const user = await signUp(email, password);
        toast.success("Account created successfully!");
        // What to do next: the address is not confirmed yet.
        if (!user.email_verified)
          toast.info(`Check your inbox: follow the link we sent to ${user.email} to confirm it.`);
      } else {
        await signIn(email, password);
        toast.success("Welcome back!");
      }
      setEmail("");
      setPassword("");
      $authDialog.set(null);
    } catch (error) {
      toast.error(formMessageOf(error, "Authentication failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog id="auth" title={signingUp ? "Create Account" : "Welcome Back"} onClose={() => $authDialog.set(null)}>
      <p className="subtitle">{signingUp ? "Sign up to submit and manage AI tools" : "Sign in to your account"}</p>
      <form onSubmit={submit}>
        <EmailField id="auth-email" value={email} onChange={setEmail} inputRef={first} />
        <div className="field">
          <label htmlFor="auth-password">Password</label>
          <input
            id="auth-password"
            className="input"
            type="password"
            required
            minLength={8}
            autoComplete={signingUp ? "new-password" : "current-password"}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={signingUp ? "password-hint" : undefined}
          />
          {signingUp ? (
            <span id="password-hint" className="hint">
              Minimum 8 characters
            </span>
          ) : (
            <button type="button" className="link-button hint" onClick={() => setForgot(true)}>
              Forgot password?
            </button>
          )}
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? "Loading..." : signingUp ? "Sign Up" : "Sign In"}
        </button>
      </form>
      <p style={{ textAlign: "center", marginBottom: 0 }}>
        <button type="button" className="link-button" onClick={() => $authDialog.set(signingUp ? "signin" : "signup")}>
          {signingUp ? "Already have an account? Sign In" : "Don't have an account? Sign Up"}
        </button>
      </p>
    </Dialog>
  );
}
