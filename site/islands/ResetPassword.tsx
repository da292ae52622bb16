import { useState } from "react";
import { api, messageOf } from "../lib/api";
import { $authDialog } from "../stores/session";

/** /reset-password?token=: sets a new password with the mailed link. */
export default function ResetPassword() {
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const token = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("token");

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>("/auth/password-reset/confirm", {
        method: "POST",
        body: { token, password },
        auth: false,
      });
      setResult({ ok: true, text: answer.detail });
    } catch (error) {
      setResult({ ok: false, text: messageOf(error, "Could not set the password") });
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <div className="card page-card">
        <h1 style={{ marginTop: 0 }}>Reset your password</h1>
        <p>This link is incomplete: open the link from the mail again.</p>
      </div>
    );
  }
  return (
    <div className="card page-card">
      <h1 style={{ marginTop: 0 }}>Choose a new password</h1>
      {result?.ok ? (
        <>
          <p role="status">{result.text}</p>
          <button type="button" className="btn btn-primary" onClick={() => $authDialog.set("signin")}>
            Sign In
          </button>
        </>
      ) : (
        <form onSubmit={submit}>
          <div className="field">
            <label htmlFor="reset-password">New password</label>
            <input
              id="reset-password"
              className="input"
              type="password"
              required
              minLength={8}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby="reset-hint"
            />
            <span id="reset-hint" className="hint">
              Minimum 8 characters
            </span>
          </div>
          {result ? (
            <p role="alert" className="hint">
              {result.text}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Set password"}
          </button>
        </form>
      )}
    </div>
  );
}
