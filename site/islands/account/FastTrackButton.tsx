import { useState } from "react";
import { api, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";

/**
 * "Review it first — $N" on a member's tool waiting for review: opens a checkout whose payment
 * moves the tool to the front of the review queue (refunded if it is rejected).
 */
export default function FastTrackButton({ toolId, price }: { toolId: number; price: string }) {
  const [busy, setBusy] = useState(false);

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
    <button type="button" className="btn btn-sm" disabled={busy} title="Refunded if the tool is rejected" onClick={pay}>
      Review it first — {price}
    </button>
  );
}
