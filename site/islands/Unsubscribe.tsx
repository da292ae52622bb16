import { useState } from "react";
import { api, messageOf } from "../lib/api";

/** /unsubscribe?token=: one button, so a link scanner opening the page unsubscribes no one. */
export default function Unsubscribe() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const token = typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("token");

  async function confirm() {
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>(`/mail/unsubscribe?token=${encodeURIComponent(token ?? "")}`, {
        method: "POST",
        auth: false,
      });
      setResult(answer.detail);
    } catch (error) {
      setResult(messageOf(error, "Could not unsubscribe"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card page-card">
      <h1 style={{ marginTop: 0 }}>Unsubscribe</h1>
      {result ? (
        <p role="status">{result}</p>
      ) : token ? (
        <>
          <p>Stop receiving this kind of email?</p>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={confirm}>
            {busy ? "Loading..." : "Unsubscribe"}
          </button>
        </>
      ) : (
        <p>This link is incomplete: open the link from the mail again.</p>
      )}
    </div>
  );
}
