import { useEffect, useState } from "react";
import { api, messageOf } from "../lib/api";

/** /newsletter/confirm?token=: confirms the subscription through the API once the page loads. */
export default function NewsletterConfirm() {
  const [state, setState] = useState<{ status: "working" | "done" | "failed"; text: string }>({
    status: "working",
    text: "Confirming your subscription...",
  });

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get("token");
    if (!token) {
      setState({ status: "failed", text: "This confirmation link is incomplete: open the link from the mail again." });
      return;
    }
    api<{ detail: string }>("/newsletter/confirm", { method: "POST", body: { token }, auth: false }).then(
      (answer) => setState({ status: "done", text: `${answer.detail}. The next issue arrives this week.` }),
      (error) => setState({ status: "failed", text: messageOf(error, "Failed to confirm your subscription") }),
    );
  }, []);

  return (
    <div className="card page-card" role="status">
      <h1 style={{ marginTop: 0 }}>
        {state.status === "done" ? "Subscribed!" : state.status === "failed" ? "Not confirmed" : "Newsletter"}
      </h1>
      <p>{state.text}</p>
      <a className="btn btn-outline" href="/newsletter">
        Past issues
      </a>
    </div>
  );
}
