import { useEffect, useRef, useState } from "react";
import { api } from "../lib/api";
import { toast } from "../lib/toast";
import { refreshUser } from "../stores/session";

type State = "checking" | "success" | "error";
const MAX_ATTEMPTS = 5;
const INTERVAL_MS = 2000;

/** Verifies a checkout by polling its status every 2 s, up to 5 attempts (SPEC §4). */
export default function PaymentResult() {
  const [state, setState] = useState<State>("checking");
  const [message, setMessage] = useState("");
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const sessionId = new URLSearchParams(window.location.search).get("session_id");
    const fail = (text: string) => {
      setState("error");
      setMessage(text);
      toast.error(text);
    };
    if (!sessionId) {
      fail("Invalid payment session");
      return;
    }
    toast.info("Verifying your payment...");
    let timer: ReturnType<typeof setTimeout>;
    const poll = async (attempt: number) => {
      if (attempt >= MAX_ATTEMPTS) {
        fail("Payment verification timed out. Please check your account or contact support.");
        return;
      }
      try {
        const status = await api<{ payment_status: string; status: string }>(
          `/payments/checkout/status/${encodeURIComponent(sessionId)}`,
        );
        if (status.payment_status === "paid") {
          setState("success");
          toast.success("Payment successful! You now have Pro access.");
          await refreshUser();
          return;
        }
        if (status.status === "expired") {
          fail("Payment session expired. Please try again.");
          return;
        }
        timer = setTimeout(() => void poll(attempt + 1), INTERVAL_MS);
      } catch {
        fail("Error verifying payment. Please contact support.");
      }
    };
    void poll(0);
    return () => clearTimeout(timer);
  }, []);

  return (
    <div
      className="card center"
      style={{ maxWidth: 520, margin: "var(--space-8) auto" }}
      role="status"
      aria-live="polite"
    >
      {state === "checking" ? (
        <>
          <div className="spinner" />
          <h1>Processing Payment</h1>
          <p className="hint">Please wait while we confirm your payment.</p>
        </>
      ) : state === "success" ? (
        <>
          <h1>Payment Successful!</h1>
          <p>You now have Pro access. Feature one of your tools from your account.</p>
          <div className="actions-row">
            <a className="btn btn-primary" href="/account">
              Go to My Account
            </a>
            <a className="btn btn-outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      ) : (
        <>
          <h1>Payment Issue</h1>
          <p>{message}</p>
          <div className="actions-row">
            <a className="btn btn-primary" href="/pricing">
              Try Again
            </a>
            <a className="btn btn-outline" href="/">
              Back to Home
            </a>
          </div>
        </>
      )}
    </div>
  );
}
