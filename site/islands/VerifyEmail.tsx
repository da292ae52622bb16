import { useEffect, useState } from "react";
import { api, messageOf } from "../lib/api";
import { refreshUser, settledUser } from "../stores/session";
import VerifyBanner from "./VerifyBanner";

/**
 * /verify-email?token= (and /confirm-email?token= for a new address, `change`): confirms the
 * address through the API once the page loads.
 */
export default function VerifyEmail({ change = false }: { change?: boolean }) {
  const [state, setState] = useState<{ status: "working" | "done" | "failed"; text: string }>({
    status: "working",
    text: "Confirming your email address...",
  });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get("token");
    if (!token) {
      setState({ status: "failed", text: "This link is incomplete: open the link from the mail again." });
      return;
    }
    const path = change ? "/auth/change-email/confirm" : "/auth/verify-email";
    api<{ detail: string }>(path, { method: "POST", body: { token }, auth: false }).then(
      (answer) => {
        setState({ status: "done", text: answer.detail });
        void refreshUser();
      },
      async (error) => {
        // A link followed twice (a double click, a second device): the address is confirmed all the same.
        const user = change ? null : await settledUser();
        if (user?.email_verified) setState({ status: "done", text: "Your email address is already confirmed." });
        else setState({ status: "failed", text: messageOf(error, "Could not confirm your address") });
      },
    );
  }, [change]);

  return (
    <div className="card page-card" role="status">
      <h1 style={{ marginTop: 0 }}>{state.status === "done" ? "Address confirmed" : "Confirm your email"}</h1>
      <p>{state.text}</p>
      {state.status === "done" ? (
        <a className="btn btn-primary" href="/submit">
          Submit a tool
        </a>
      ) : null}
      {/* Signed in and still unconfirmed: a new link is one click away. */}
      {state.status === "failed" && !change ? <VerifyBanner /> : null}
    </div>
  );
}
