import { useEffect, useState } from "react";
import { api, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";

/** What each switch sends, in the member's words. */
const LABELS: Record<string, string> = {
  submission_decided: "My submitted tool is approved or rejected",
  edit_decided: "My changes to a listed tool are approved or rejected",
  claim_verified: "My claim on a tool is verified",
  report_resolved: "A report on my tool is resolved",
  featuring_ending: "My featuring ends in 3 days, and when it has ended",
  payment_receipt: "Payment receipts",
  admin_new_submissions: "Admin: new submissions waiting for review",
  admin_new_reports: "Admin: new reports",
  admin_daily_summary: "Admin: a daily summary",
};

/** The account's e-mail switches: each notification on or off (GET/PUT /api/auth/me/notifications). */
export default function MailSettings() {
  const [settings, setSettings] = useState<Record<string, boolean> | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api<Record<string, boolean>>("/auth/me/notifications").then(setSettings, () =>
      toast.error("Failed to load your e-mail settings"),
    );
  }, []);

  async function toggle(list: string, on: boolean) {
    setBusy(true);
    try {
      setSettings(
        await api<Record<string, boolean>>("/auth/me/notifications", { method: "PUT", body: { [list]: on } }),
      );
      toast.success(on ? "Notification on" : "Notification off");
    } catch (error) {
      toast.error(messageOf(error, "Failed to save your e-mail settings"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="mail-settings" style={{ paddingBottom: "var(--space-8)" }}>
      <h2 id="mail-settings">E-mail notifications</h2>
      {settings === null ? (
        <div className="center" role="status" aria-label="Loading e-mail settings">
          <div className="spinner" />
        </div>
      ) : (
        <fieldset className="card" disabled={busy} style={{ display: "grid", gap: "var(--space-2)" }}>
          <legend className="visually-hidden">Mail me when</legend>
          {Object.entries(settings).map(([list, on]) => (
            <label key={list} style={{ display: "flex", gap: "var(--space-2)", alignItems: "center" }}>
              <input type="checkbox" checked={on} onChange={(e) => toggle(list, e.target.checked)} />
              {LABELS[list] ?? list}
            </label>
          ))}
        </fieldset>
      )}
    </section>
  );
}
