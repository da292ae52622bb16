import { useEffect, useState } from "react";
import { api, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";

type State = { newsletter: "subscribed" | "pending" | "none" | "unconfirmed"; detail: string };

/**
 * The account's newsletter switch (GET/PUT /api/auth/me/newsletter): where the member's address
 * stands, and one click to join or leave; it waits for the address to be confirmed.
 */
export default function NewsletterSetting() {
  const [state, setState] = useState<State | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<State>("/auth/me/newsletter").then(setState, () => toast.error("Failed to load your newsletter subscription"));
  }, []);

  async function change(subscribed: boolean) {
    if (!state) return;
    const before = state;
    // The box follows the click at once; the answer settles it.
    setState({ ...before, newsletter: subscribed ? "subscribed" : "none" });
    setBusy(true);
    try {
      const next = await api<State>("/auth/me/newsletter", { method: "PUT", body: { subscribed } });
      setState(next);
      toast.success(next.detail);
    } catch (error) {
      setState(before);
      toast.error(messageOf(error, "Failed to change your newsletter subscription"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="newsletter-setting" style={{ paddingBottom: "var(--space-8)" }}>
      <h2 id="newsletter-setting">Weekly newsletter</h2>
      {state === null ? (
        <div className="center" role="status" aria-label="Loading your newsletter subscription">
          <div className="spinner" />
        </div>
      ) : (
        <div className="card" style={{ display: "grid", gap: "var(--space-2)" }}>
          <label style={{ display: "flex", gap: "var(--space-2)", alignItems: "center" }}>
            <input
              type="checkbox"
              checked={state.newsletter === "subscribed" || state.newsletter === "pending"}
              disabled={busy || state.newsletter === "unconfirmed"}
              onChange={(e) => change(e.target.checked)}
            />
            The week's new AI tools, once a week
          </label>
          {state.newsletter === "pending" || state.newsletter === "unconfirmed" ? (
            <p className="hint" role="status" style={{ margin: 0 }}>
              {state.detail}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
