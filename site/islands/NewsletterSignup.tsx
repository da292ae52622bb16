import { useState } from "react";
import { api, messageOf } from "../lib/api";

type Props = {
  /** Ids must be unique on a page that shows the box twice (the footer and the archive). */
  id?: string;
  /**
   * Whether the form is a named landmark. The footer's box is; a second copy on the same page (the
   * archive) is not, so no two landmarks on a page share a name.
   */
  landmark?: boolean;
};

/** The weekly newsletter's subscribe box: a confirmation link is mailed (double opt-in). */
export default function NewsletterSignup({ id = "newsletter", landmark = true }: Props) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    // The box's own text: an address typed before the island hydrated is not in its state.
    const typed = String(new FormData(event.currentTarget as HTMLFormElement).get("email") ?? email);
    setEmail(typed);
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>("/newsletter/subscribe", {
        method: "POST",
        body: { email: typed },
        auth: false,
      });
      setMessage({ ok: true, text: answer.detail });
    } catch (error) {
      setMessage({ ok: false, text: messageOf(error, "Failed to subscribe") });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="newsletter-signup" onSubmit={submit} aria-labelledby={landmark ? `${id}-title` : undefined}>
      <p id={`${id}-title`} style={{ margin: 0, fontWeight: 600 }}>
        The week's new AI tools, once a week
      </p>
      <div style={{ display: "flex", gap: "var(--space-2)", flexWrap: "wrap" }}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email
        </label>
        <input
          id={`${id}-email`}
          name="email"
          className="input"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          style={{ flex: "1 1 14rem" }}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Loading..." : "Subscribe"}
        </button>
      </div>
      {message ? (
        <p role="status" className="hint" style={{ margin: 0, color: message.ok ? undefined : "var(--color-danger)" }}>
          {message.text}
        </p>
      ) : (
        <p className="hint" style={{ margin: 0 }}>
          No tracking. Unsubscribe with one click. <a href="/newsletter">Past issues</a>
        </p>
      )}
    </form>
  );
}
