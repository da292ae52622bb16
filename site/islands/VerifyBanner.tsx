import { useStore } from "@nanostores/react";
import { useState } from "react";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { $user } from "../stores/session";

/** Asks a member whose address is not confirmed yet to follow the mailed link, with a "Resend" button. */
export default function VerifyBanner() {
  const user = useStore($user);
  const [busy, setBusy] = useState(false);
  if (!user || user.email_verified || user.role === "admin") return null;

  async function resend() {
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>("/auth/verify-email/resend", { method: "POST" });
      toast.success(answer.detail);
    } catch (error) {
      toast.error(messageOf(error, "Could not send a new link"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="notice notice-warning" role="status">
      Please confirm your email address to submit tools: follow the link we sent to <strong>{user.email}</strong>.{" "}
      <button type="button" className="btn btn-outline btn-sm" disabled={busy} onClick={resend}>
        {busy ? "Loading..." : "Resend"}
      </button>
    </div>
  );
}
