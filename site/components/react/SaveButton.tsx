import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import { api, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast";
import { $user } from "../../stores/session";

type Props = {
  toolId: number;
  onCount?: (count: number) => void;
  variant?: "icon" | "full";
  /** Known saved already (a member's saved list): nothing is asked. */
  knownSaved?: boolean;
};

/** Save (bookmark) toggle: POST to save, DELETE to unsave; the count comes from the response. */
export default function SaveButton({ toolId, onCount, variant = "icon", knownSaved }: Props) {
  const user = useStore($user);
  const [saved, setSaved] = useState(knownSaved ?? false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (knownSaved !== undefined) return;
    setSaved(false);
    if (!user) return;
    let live = true;
    api<{ is_saved: boolean }>(`/tools/${toolId}/is-saved`)
      .then((r) => live && setSaved(Boolean(r?.is_saved)))
      // Unknown is shown as not saved: a click then saves it, and the answer settles the count.
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [user, toolId, knownSaved]);

  async function toggle() {
    if (!user) {
      toast.error("Please log in to save tools");
      return;
    }
    setBusy(true);
    try {
      const result = await api<{ saves_count: number }>(`/tools/${toolId}/save`, { method: saved ? "DELETE" : "POST" });
      onCount?.(result.saves_count);
      toast.success(saved ? "Tool removed from saves" : "Tool saved!");
      setSaved(!saved);
    } catch (error) {
      toast.error(messageOf(error, "Failed to save tool"));
    } finally {
      setBusy(false);
    }
  }

  const label = saved ? "Saved" : "Save Tool";
  return (
    <button
      type="button"
      className={variant === "icon" ? "btn btn-outline btn-icon" : "btn btn-outline btn-block"}
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      aria-label={variant === "icon" ? (saved ? "Remove from saves" : "Save tool") : undefined}
      title={saved ? "Remove from saves" : "Save tool"}
    >
      <svg
        width="18"
        height="18"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M19 21l-7-5-7 5V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />
      </svg>
      {variant === "full" ? label : null}
    </button>
  );
}
