import { useEffect, useRef, useState } from "react";
import { Dialog, EmailField } from "../components/react/Dialog";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { $authDialog } from "../stores/session";

/** The sign-in dialog's "Forgot password?" step: asks for a reset link by mail. */
export default function ForgotPassword({ email: initial, onBack }: { email: string; onBack: () => void }) {
  const [email, setEmail] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>("/auth/password-reset", {
        method: "POST",
        body: { email },
        auth: false,
      });
      setSent(answer.detail);
    } catch (error) {
      toast.error(messageOf(error, "Could not send the reset link"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog id="forgot" title="Reset your password" onClose={() => $authDialog.set(null)}>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form onSubmit={submit}>
          <p className="subtitle">We will email you a link to choose a new password.</p>
          <EmailField id="forgot-email" value={email} onChange={setEmail} inputRef={first} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
            {busy ? "Loading..." : "Send reset link"}
          </button>
        </form>
      )}
      <p style={{ textAlign: "center", marginBottom: 0 }}>
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </Dialog>
  );
}
