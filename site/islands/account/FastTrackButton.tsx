import { useId, useState } from "react";
import { api, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";

/**
 * "Skip the queue — $N" on a member's tool waiting for review, with what it does beside it: opens a checkout whose payment
 * moves the tool to the front of the review queue (refunded if it is rejected).
 */
export default function FastTrackButton({ toolId, price }: { toolId: number; price: string }) {
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function pay() {
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>(`/tools/${toolId}/fast-track`, {
        method: "POST",
        body: { origin_url: window.location.origin },
      });
      window.location.href = url;
    } catch (error) {
      toast.error(messageOf(error, "Failed to initiate payment"));
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className="btn btn-sm" disabled={busy} aria-describedby={hintId} onClick={pay}>
        Skip the queue — {price}
      </button>
      <span id={hintId} className="hint">
        Reviewed before free submissions; refunded if rejected
      </span>
    </>
  );
}
