import { useId, useState } from "react";
import { api } from "../lib/api";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";

const REASONS = [
  ["broken_link", "Broken link"],
  ["wrong_information", "Wrong information"],
  ["spam_or_scam", "Spam or scam"],
  ["other", "Other"],
] as const;

/** "Report this listing": a reason and an optional note, signed in or not, for the moderators. */
export default function ReportTool({ toolId }: { toolId: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>("broken_link");
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await api(`/tools/${toolId}/reports`, { method: "POST", body: { reason, note } });
      toast.success("Thanks, your report was sent to the moderators.");
      setOpen(false);
      setNote("");
    } catch (error) {
      toast.error(formMessageOf(error, "Could not send the report"));
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="link-button hint" onClick={() => setOpen(true)}>
        Report this listing
      </button>
    );
  }
  return (
    <form className="claim card-inset" onSubmit={submit} aria-label="Report this listing">
      <label className="hint" htmlFor={`${id}-reason`}>
        What is wrong?
      </label>
      <select id={`${id}-reason`} className="input" value={reason} onChange={(e) => setReason(e.target.value)}>
        {REASONS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <label className="hint" htmlFor={`${id}-note`}>
        Details (optional)
      </label>
      <textarea
        id={`${id}-note`}
        className="input"
        rows={3}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="actions-row">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          Send report
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
