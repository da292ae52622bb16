import { useState } from "react";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { $authDialog, settledUser } from "../stores/session";

type Claim = {
  status: "pending" | "verified";
  token: string;
  meta_tag: string;
  file_path: string;
  file_content: string;
  last_error: string | null;
};

/**
 * "Is this your tool?": the maker claims the listing, publishes the token on the tool's website
 * (a meta tag or a file) and asks for the check; once verified they own the listing.
 */
export default function ClaimTool({ toolId, toolName }: { toolId: number; toolName: string }) {
  const [claim, setClaim] = useState<Claim | null>(null);
  const [busy, setBusy] = useState(false);

  async function start() {
    if (!(await settledUser())) {
      $authDialog.set("signin");
      return;
    }
    setBusy(true);
    try {
      setClaim(await api<Claim>(`/tools/${toolId}/claim`, { method: "POST" }));
    } catch (error) {
      toast.error(messageOf(error, "Could not start the claim"));
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    setBusy(true);
    try {
      setClaim(await api<Claim>(`/tools/${toolId}/claim/verify`, { method: "POST" }));
      toast.success(`Verified! You now own the ${toolName} listing.`);
    } catch (error) {
      toast.error(messageOf(error, "Could not check your site"));
    } finally {
      setBusy(false);
    }
  }

  if (claim?.status === "verified") {
    return (
      <p className="hint" role="status">
        You own this listing. Edit it from <a href="/account">your account</a>.
      </p>
    );
  }
  if (!claim) {
    return (
      <div className="claim">
        <span className="hint">Is this your tool?</span>
        <button type="button" className="link-button" onClick={start} disabled={busy}>
          Claim this listing
        </button>
      </div>
    );
  }
  return (
    <section className="claim card-inset" aria-label={`Claim ${toolName}`}>
      <p className="hint">Publish this token on the tool's website, in either of two ways, then check it:</p>
      <label className="hint" htmlFor={`claim-meta-${toolId}`}>
        A tag in the page's &lt;head&gt;
      </label>
      <input id={`claim-meta-${toolId}`} className="input mono" readOnly value={claim.meta_tag} />
      <label className="hint" htmlFor={`claim-file-${toolId}`}>
        Or a file at {claim.file_path} holding
      </label>
      <input id={`claim-file-${toolId}`} className="input mono" readOnly value={claim.file_content} />
      <button type="button" className="btn btn-primary btn-block" onClick={verify} disabled={busy}>
        {busy ? "Checking…" : "Verify now"}
      </button>
    </section>
  );
}
