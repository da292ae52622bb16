import { useState } from "react";
import { ownsTool } from "../../lib/reviews";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { $authDialog, settledUser } from "../stores/session";
import { useSession } from "../stores/useSession";

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
 * (a meta tag or a file) and asks for the check; once verified they own the listing. The member
 * who submitted it is not asked whether it is theirs: they verify it the same way, for the badge.
 */
export default function ClaimTool({
  toolId,
  toolName,
  ownerId = null,
}: {
  toolId: number;
  toolName: string;
  ownerId?: number | null;
}) {
  const [claim, setClaim] = useState<Claim | null>(null);
  const [busy, setBusy] = useState(false);
  const { user } = useSession();
  const submitter = user != null && ownsTool({ submitted_by: ownerId }, user.id);

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
        <span className="hint">{submitter ? "You submitted this tool." : "Is this your tool?"}</span>
        <button type="button" className="link-button" onClick={start} disabled={busy}>
          {submitter ? "Verify it is yours" : "Claim this listing"}
        </button>
      </div>
    );
  }
  return (
    <section className="claim card-inset" aria-label={`${submitter ? "Verify" : "Claim"} ${toolName}`}>
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
