import { useState } from "react";
import { PRO_PRICE_LABEL, proPlanTerms } from "../../lib/pro-plan";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { $authDialog, settledUser } from "../stores/session";
import { useSession } from "../stores/useSession";

const FREE = ["Submit unlimited tools", "View directory", "Leave reviews and ratings", "Blog access", "Basic support"];
const PRO = [
  "Everything in Free",
  "Feature one tool",
  "Priority placement",
  "Featured badge",
  "Increased click-through",
];

/**
 * The two plan cards; buying Pro needs a signed-in user and redirects to checkout. The Pro card
 * says what one purchase buys (`featureDays`, the server's FEATURE_DAYS) and its price as the
 * admin set it when the page was built (`proPrice`).
 */
export default function PricingPlans({
  featureDays,
  proPrice = PRO_PRICE_LABEL,
}: {
  featureDays: number;
  proPrice?: string;
}) {
  const terms = proPlanTerms(featureDays, proPrice);
  const { isPro } = useSession();
  const [busy, setBusy] = useState(false);

  async function buy() {
    const current = await settledUser();
    if (!current) {
      $authDialog.set("signin");
      return;
    }
    if (current.user_metadata?.subscription_status === "pro") {
      toast.info("You already have Pro access!");
      return;
    }
    setBusy(true);
    try {
      const { url } = await api<{ url: string }>("/payments/checkout/session/", {
        method: "POST",
        body: { package_id: "pro", origin_url: window.location.origin },
      });
      window.location.href = url;
    } catch (error) {
      toast.error(messageOf(error, "Failed to initiate payment"));
      setBusy(false);
    }
  }

  return (
    <div className="plans">
      <section className="card plan" aria-labelledby="plan-free">
        <h2 id="plan-free" style={{ margin: 0 }}>
          Free
        </h2>
        <div className="price">$0</div>
        <ul>
          {FREE.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <a className="btn btn-outline btn-block" href="/">
          Browse the directory
        </a>
      </section>
      <section className="card plan popular" aria-labelledby="plan-pro">
        <span className="badge popular-badge">Most Popular</span>
        <h2 id="plan-pro" style={{ margin: 0 }}>
          Pro
        </h2>
        <div className="price">
          {proPrice}{" "}
          <span className="hint" style={{ fontSize: "1rem", fontWeight: 400 }}>
            one-time
          </span>
        </div>
        <ul>
          {PRO.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <div className="plan-terms">
          <p>{terms.buys}</p>
          <p>{terms.renew}</p>
          <p>{terms.cancel}</p>
        </div>
        <button type="button" className="btn btn-primary btn-block" onClick={buy} disabled={busy}>
          {busy ? "Loading..." : isPro ? "You have Pro" : "Get Pro"}
        </button>
      </section>
    </div>
  );
}
