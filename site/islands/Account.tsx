import { useStore } from "@nanostores/react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { formatDate } from "../../lib/format";
import { daysLeft, PRO_PRICE_LABEL, proPlanTerms } from "../../lib/pro-plan";
import { SITE_NAME } from "../../lib/site";
import { plural } from "../../lib/words";
import { useConfirm } from "../components/react/ConfirmDialog";
import PricingBadge from "../components/react/PricingBadge";
import { api, authorizedFetch, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import { toolHref } from "../lib/tool-href";
import type { Tool } from "../lib/types";
import { $isPro, $sessionLoading, $user, refreshUser } from "../stores/session";
import DealEditor from "./account/DealEditor";
import FastTrackButton from "./account/FastTrackButton";

// The saved tools (fetched after the first render anyway) and the sections under the member's own
// lists load after the first screen, which does not wait on them.
const ToolCard = lazy(() => import("../components/react/ToolCard"));
const ToolAnalytics = lazy(() => import("../components/react/ToolAnalytics"));
const MailSettings = lazy(() => import("./account/MailSettings"));
const NewsletterSetting = lazy(() => import("./account/NewsletterSetting"));
const ApiKeys = lazy(() => import("./account/ApiKeys"));
const AccountData = lazy(() => import("./account/AccountData"));

/** The HTML an owner pastes on their site to show the "Featured on" badge, linking back. */
function badgeSnippet(tool: Tool): string {
  const origin = window.location.origin;
  return `<a href="${origin}${toolHref(tool)}"><img src="${origin}/badge/${tool.slug}.svg" alt="Featured on ${SITE_NAME}" width="250" height="54"></a>`;
}

async function copyBadge(tool: Tool) {
  try {
    await navigator.clipboard.writeText(badgeSnippet(tool));
    toast.success("Badge code copied! Paste it into your site's HTML.");
  } catch {
    toast.error("Could not copy the badge code");
  }
}

/** What cancelling Pro gives up, for its confirmation. */
function proLeft(until: string | null): string {
  if (!until) return "Pro ends now.";
  const days = daysLeft(until);
  return `You have ${days} ${plural(days, "day")} of Pro left: cancelling gives them up now, with no refund.`;
}

/**
 * The Status column: where a tool stands in moderation ("Pending review", "Rejected: {reason}",
 * editable and resubmitted on save), then, once published, Featured or Regular (SPEC §2), and
 * "Changes waiting for review" while an edit of the listing waits for an admin.
 */
function ToolStatus({ tool }: { tool: Tool }) {
  if (tool.status === "pending") {
    return (
      <>
        <span className="badge badge-pending">Pending review</span>
        {tool.review_priority_at ? <div className="hint">Paid: reviewed first</div> : null}
      </>
    );
  }
  if (tool.status === "rejected") {
    return (
      <>
        <span className="badge badge-rejected">Rejected: {tool.rejection_reason}</span>
        <div className="hint">Edit it to resubmit</div>
      </>
    );
  }
  return (
    <>
      {tool.is_featured ? <span className="badge badge-featured">Featured</span> : "Regular"}
      {tool.is_featured && tool.featured_until ? (
        <div className="hint">until {formatDate(tool.featured_until)}</div>
      ) : null}
      {tool.pending_revision ? <div className="badge badge-pending">Changes waiting for review</div> : null}
    </>
  );
}

/**
 * My Account / My Submitted Tools (SPEC §2 "Account"). Signed-out visitors go to /.
 * `featureDays` (the server's FEATURE_DAYS) is for the words on what Pro buys (lib/pro-plan.ts);
 * the prices are the admin's when the page was built.
 */
export default function Account({
  featureDays,
  proPrice = PRO_PRICE_LABEL,
  fastTrackPrice,
}: {
  featureDays: number;
  proPrice?: string;
  /** Shown on a tool waiting for review, whose owner can pay to have it reviewed first. */
  fastTrackPrice?: string;
}) {
  const terms = proPlanTerms(featureDays, proPrice);
  const user = useStore($user);
  const loading = useStore($sessionLoading);
  const isPro = useStore($isPro);
  const [tools, setTools] = useState<Tool[] | null>(null);
  const [saved, setSaved] = useState<Tool[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const { confirm, dialog } = useConfirm();

  const load = useCallback(async () => {
    try {
      setTools(await api<Tool[]>("/tools/?submitted_by=me"));
    } catch {
      toast.error("Failed to fetch your tools");
      setTools([]);
    }
  }, []);

  const loadSaved = useCallback(async () => {
    try {
      setSaved(await api<Tool[]>("/tools/saved"));
    } catch {
      toast.error("Failed to load your saved tools");
      setSaved([]);
    }
  }, []);

  useEffect(() => {
    if (loading) return;
    if (!user) {
      window.location.replace("/");
      return;
    }
    void load();
    void loadSaved();
  }, [loading, user, load, loadSaved]);

  if (loading || !user) {
    return (
      <div className="center" role="status" aria-label="Loading">
        <div className="spinner" />
      </div>
    );
  }

  const anyFeatured = (tools ?? []).some((t) => t.is_featured);
  // The "Featured on" badge is offered for a featured tool only: it says so on the owner's site.
  const published = (tools ?? []).find((t) => t.status === "published" && t.is_featured);
  const waiting = (tools ?? []).some((t) => t.status === "pending");

  async function feature(tool: Tool) {
    setBusyId(tool.id);
    try {
      // One featured tool at a time: unfeature any other first, as the server also insists.
      for (const other of (tools ?? []).filter((t) => t.is_featured && t.id !== tool.id)) {
        await api(`/tools/${other.id}`, { method: "PUT", body: { is_featured: false } });
      }
      await api(`/tools/${tool.id}`, { method: "PUT", body: { is_featured: true } });
      toast.success("Tool featured successfully!");
      await load();
    } catch (error) {
      toast.error(messageOf(error, "Failed to feature tool"));
    } finally {
      setBusyId(null);
    }
  }

  async function unfeature(tool: Tool) {
    setBusyId(tool.id);
    try {
      await api(`/tools/${tool.id}`, { method: "PUT", body: { is_featured: false } });
      toast.success("Tool unfeatured");
      await load();
    } catch {
      toast.error("Failed to unfeature tool");
    } finally {
      setBusyId(null);
    }
  }

  async function remove(tool: Tool) {
    if (!(await confirm("Are you sure you want to delete this tool?", "Delete"))) return;
    setBusyId(tool.id);
    try {
      await api(`/tools/${tool.id}`, { method: "DELETE" });
      toast.success("Tool deleted successfully");
      setTools((list) => (list ?? []).filter((t) => t.id !== tool.id));
    } catch {
      toast.error("Failed to delete tool");
    } finally {
      setBusyId(null);
    }
  }

  async function cancelPro() {
    if (
      !(await confirm(
        "Are you sure you want to cancel your Pro subscription? Your featured tool will be unfeatured.",
        "Cancel Pro",
        { detail: proLeft(user?.pro_until ?? null), cancelLabel: "Keep Pro" },
      ))
    )
      return;
    try {
      await api("/payments/cancel-subscription", { method: "POST" });
      toast.success("Subscription cancelled successfully");
      // The page updates in place (no reload), so the toast stays on screen.
      await Promise.all([refreshUser(), load()]);
    } catch {
      toast.error("Failed to cancel subscription");
    }
  }

  return (
    <>
      {dialog}
      <div
        style={{
          display: "flex",
          alignItems: "center",
          gap: "var(--space-3)",
          flexWrap: "wrap",
          margin: "var(--space-6) 0",
        }}
      >
        <h1 style={{ margin: 0 }}>My Account</h1>
        {isPro ? <span className="badge badge-featured">Pro Member</span> : null}
        {isPro && user.pro_until ? (
          <span className="hint">
            Pro until {formatDate(user.pro_until)} · {daysLeft(user.pro_until)}{" "}
            {plural(daysLeft(user.pro_until), "day")} left
          </span>
        ) : null}
      </div>
      <p>
        Signed in as <strong>{user.email}</strong>
      </p>
      {isPro ? (
        <p>
          <button type="button" className="btn btn-danger btn-sm" onClick={cancelPro}>
            Cancel Pro subscription
          </button>
          <span className="hint" style={{ display: "block", marginTop: "var(--space-2)" }}>
            {terms.renew} {terms.cancel}
          </span>
        </p>
      ) : (
        <div className="banner">
          <div>
            <strong style={{ fontSize: "1.15rem" }}>Upgrade to Pro</strong>
            <div>Feature your tool at the top of the directory with a Featured badge.</div>
          </div>
          <a className="btn" href="/pricing">
            Upgrade Now - {proPrice}
          </a>
        </div>
      )}
      <section aria-labelledby="my-tools" style={{ paddingBottom: "var(--space-8)" }}>
        <h2 id="my-tools">My Submitted Tools</h2>
        {isPro && anyFeatured ? <p className="hint">You can only feature one tool at a time</p> : null}
        {waiting ? (
          <p className="hint">Tools pending review appear in the directory once a moderator approves them.</p>
        ) : null}
        {isPro && waiting ? <p className="notice">{terms.pending}</p> : null}
        {tools === null ? (
          <div className="center" role="status" aria-label="Loading your tools">
            <div className="spinner" />
          </div>
        ) : tools.length === 0 ? (
          <div className="card empty">
            <p>You haven't submitted any tools yet.</p>
            <a className="btn btn-primary" href="/submit">
              Submit Your First Tool
            </a>
          </div>
        ) : (
          <div className="table-wrap card" style={{ padding: 0 }}>
            <table className="data stacked-table">
              <thead>
                <tr>
                  <th scope="col">Tool Name</th>
                  <th scope="col">Category</th>
                  <th scope="col">Pricing</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {tools.map((tool) => (
                  <tr key={tool.id}>
                    <td data-label="Tool Name">
                      {/* A tool waiting for review, or rejected, has no public page yet. */}
                      {tool.status === "published" ? <a href={toolHref(tool)}>{tool.name}</a> : tool.name}
                    </td>
                    <td data-label="Category">{tool.category_name ?? "Uncategorized"}</td>
                    <td data-label="Pricing">
                      <PricingBadge pricing={tool.pricing_type} />
                    </td>
                    <td data-label="Status">
                      <ToolStatus tool={tool} />
                    </td>
                    <td data-label="Created">{formatDate(tool.created_at)}</td>
                    <td data-label="Actions">
                      <div className="actions-row" style={{ flexWrap: "wrap" }}>
                        {isPro && tool.status === "published" ? (
                          tool.is_featured ? (
                            <button
                              type="button"
                              className="btn btn-outline btn-sm"
                              disabled={busyId === tool.id}
                              onClick={() => unfeature(tool)}
                            >
                              Unfeature
                            </button>
                          ) : (
                            <button
                              type="button"
                              className="btn btn-outline btn-sm"
                              disabled={anyFeatured || busyId === tool.id}
                              title={anyFeatured ? "You can only feature one tool at a time" : undefined}
                              onClick={() => feature(tool)}
                            >
                              Feature
                            </button>
                          )
                        ) : isPro && tool.status === "pending" ? (
                          <span className="hint">Can be featured once approved</span>
                        ) : null}
                        {fastTrackPrice && tool.status === "pending" && !tool.review_priority_at ? (
                          <FastTrackButton toolId={tool.id} price={fastTrackPrice} />
                        ) : null}
                        <a className="btn btn-outline btn-sm" href={`/edit-tool/${tool.id}`}>
                          Edit
                        </a>
                        {tool.is_verified && tool.status === "published" ? (
                          <DealEditor toolId={tool.id} toolName={tool.name} />
                        ) : null}
                        {tool.status === "published" && tool.is_featured ? (
                          <button
                            type="button"
                            className="btn btn-outline btn-sm"
                            title="Copy the HTML of a 'Featured on' badge for your site"
                            onClick={() => copyBadge(tool)}
                          >
                            Copy badge
                          </button>
                        ) : null}
                        <button
                          type="button"
                          className="btn btn-danger btn-sm"
                          disabled={busyId === tool.id}
                          onClick={() => remove(tool)}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {published ? (
          <details className="card" style={{ marginTop: "var(--space-4)" }}>
            <summary>Show a "Featured on" badge on your site</summary>
            <p className="hint">
              "Copy badge" copies its HTML. Add <code>?theme=dark</code> to the image address for dark pages.
            </p>
            <img src={`/badge/${published.slug}.svg`} alt={`Badge for ${published.name}`} width={250} height={54} />
          </details>
        ) : null}
      </section>
      <section aria-labelledby="saved-tools" style={{ paddingBottom: "var(--space-8)" }}>
        <h2 id="saved-tools">Saved Tools</h2>
        {saved === null ? (
          <div className="center" role="status" aria-label="Loading saved tools">
            <div className="spinner" />
          </div>
        ) : saved.length === 0 ? (
          <p className="hint">
            Tools you save with the bookmark button appear here. <a href="/">Browse the directory</a>
          </p>
        ) : (
          <Suspense fallback={null}>
            <div className="grid">
              {saved.map((tool) => (
                <ToolCard key={tool.id} tool={tool} saved />
              ))}
            </div>
          </Suspense>
        )}
      </section>
      {tools && tools.length > 0 ? (
        <section aria-labelledby="tool-analytics" style={{ paddingBottom: "var(--space-8)" }}>
          <h2 id="tool-analytics">Analytics, last 30 days</h2>
          <p className="hint">
            Page views (each visitor once a day), Visit Website clicks, saves and unsaves. No cookies are used.
          </p>
          <div style={{ display: "grid", gap: "var(--space-4)" }}>
            {tools.map((tool) => (
              <div key={tool.id} className="card" data-testid={`analytics-${tool.id}`}>
                <h3 style={{ marginTop: 0 }}>{tool.name}</h3>
                <Suspense fallback={null}>
                  <ToolAnalytics toolId={tool.id} authorizedFetch={authorizedFetch} />
                </Suspense>
              </div>
            ))}
          </div>
        </section>
      ) : null}
      <Suspense fallback={null}>
        <MailSettings />
        <NewsletterSetting />
        <ApiKeys />
        <AccountData />
      </Suspense>
    </>
  );
}
