import { useState } from "react";
import { Dialog } from "../../components/react/Dialog";
import { api, authorizedFetch, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";
import { signOut } from "../../stores/session";

/** "Download my data" (GET /api/auth/me/export) and "Delete my account" (DELETE /api/auth/me). */
export default function AccountData() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [tools, setTools] = useState<"delete" | "keep" | "">("");
  const [busy, setBusy] = useState(false);

  async function download() {
    try {
      const blob = await (await authorizedFetch("/api/auth/me/export")).blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = "my-data.json";
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      toast.error(messageOf(error, "Failed to download your data"));
    }
  }

  async function remove(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api("/auth/me", { method: "DELETE", body: { password, tools } });
      toast.success("Your account was deleted");
      await signOut();
      window.location.replace("/");
    } catch (error) {
      toast.error(messageOf(error, "Failed to delete your account"));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="your-data" style={{ paddingBottom: "var(--space-8)" }}>
      <h2 id="your-data">Your data</h2>
      <div style={{ display: "flex", gap: "var(--space-2)", flexWrap: "wrap" }}>
        <button type="button" className="btn btn-outline" onClick={download}>
          Download my data
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </div>
      {open ? (
        <Dialog
          id="delete-account"
          title="Delete my account"
          onClose={() => !busy && setOpen(false)}
          closeButton={false}
        >
          <p className="subtitle">
            Your reviews and saves are removed, Pro ends and you are signed out everywhere. This cannot be undone.
          </p>
          <form onSubmit={remove}>
            <fieldset className="field" style={{ border: 0, padding: 0 }}>
              <legend>Your submitted tools</legend>
              <label style={{ display: "flex", gap: "var(--space-2)" }}>
                <input
                  type="radio"
                  name="tools"
                  required
                  checked={tools === "keep"}
                  onChange={() => setTools("keep")}
                />
                Keep them listed, without an owner
              </label>
              <label style={{ display: "flex", gap: "var(--space-2)" }}>
                <input
                  type="radio"
                  name="tools"
                  required
                  checked={tools === "delete"}
                  onChange={() => setTools("delete")}
                />
                Delete them
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor="delete-password">Password</label>
              <input
                id="delete-password"
                className="input"
                type="password"
                required
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <div style={{ display: "flex", gap: "var(--space-2)", justifyContent: "flex-end" }}>
              <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy || !tools}>
                {busy ? "Deleting..." : "Delete my account"}
              </button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </section>
  );
}
