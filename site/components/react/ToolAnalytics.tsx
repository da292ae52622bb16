import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { plural } from "../../../lib/words";

/** One day of a tool's figures, as GET /api/tools/{id}/analytics answers them. */
type DayFigures = { day: string; views: number; clicks: number; saves: number; unsaves: number };
export type Analytics = {
  tool_id: number;
  from: string;
  to: string;
  days: DayFigures[];
  totals: Omit<DayFigures, "day">;
};

const WIDTH = 300;
const HEIGHT = 64;

/**
 * A tool's daily views (bars) and outbound clicks (line) as a small SVG, with the period's
 * totals. Plain SVG: no chart library reaches the public bundle. Each bar names its day's figures
 * on hover.
 */
function AnalyticsChart({ analytics }: { analytics: Analytics }) {
  const { days, totals } = analytics;
  const top = Math.max(1, ...days.map((d) => Math.max(d.views, d.clicks)));
  const step = WIDTH / Math.max(1, days.length);
  const y = (n: number) => HEIGHT - (n / top) * (HEIGHT - 4);
  const clicks = days.map((d, i) => `${(i + 0.5) * step},${y(d.clicks)}`).join(" ");
  return (
    <figure className="analytics" style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Views and outbound clicks per day, ${analytics.from} to ${analytics.to}`}
        style={{ display: "block", maxWidth: 480 }}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--color-border, #e2e8f0)" />
        {days.map((d, i) => (
          <rect
            key={d.day}
            x={i * step + step * 0.15}
            width={step * 0.7}
            y={y(d.views)}
            height={HEIGHT - y(d.views)}
            fill="var(--color-primary, #4f46e5)"
            opacity={0.75}
          >
            <title>{`${d.day}: ${d.views} views, ${d.clicks} clicks, ${d.saves} saves, ${d.unsaves} unsaves`}</title>
          </rect>
        ))}
        <polyline
          points={clicks}
          fill="none"
          stroke="var(--color-accent, #0ea5e9)"
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption style={{ display: "flex", gap: "1rem", flexWrap: "wrap", fontSize: "0.875rem" }}>
        <span>
          <strong data-testid="analytics-views">{totals.views}</strong> {plural(totals.views, "view")}
        </span>
        <span>
          <strong>{totals.clicks}</strong> {plural(totals.clicks, "click")}
        </span>
        <span>
          <strong>{totals.saves}</strong> {plural(totals.saves, "save")}
        </span>
        <span>
          <strong>{totals.unsaves}</strong> {plural(totals.unsaves, "unsave")}
        </span>
      </figcaption>
    </figure>
  );
}

/** Saves `blob` as a download named `filename`. */
function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A fetch of an /api path that carries the caller's bearer token and throws on a non-OK answer. */
export type AuthorizedFetch = (path: string) => Promise<Response>;

function SiteButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={onClick}>
      {children}
    </button>
  );
}

/**
 * A tool's last `days` days: the chart, its totals and "Download CSV" (an authenticated fetch
 * saved as a file, since the token lives in localStorage rather than a cookie). Used by the
 * account page and the admin's tool editor.
 */
export default function ToolAnalytics({
  toolId,
  authorizedFetch,
  days = 30,
  DownloadButton = SiteButton,
}: {
  toolId: number;
  authorizedFetch: AuthorizedFetch;
  days?: number;
  /** The "Download CSV" button in the host's own look (the admin passes a Material UI one). */
  DownloadButton?: ComponentType<{ onClick: () => void; children: ReactNode }>;
}) {
  const [analytics, setAnalytics] = useState<Analytics | null>(null);
  const [problem, setProblem] = useState("");
  const path = `/api/tools/${toolId}/analytics?days=${days}`;

  useEffect(() => {
    let current = true;
    authorizedFetch(path)
      .then((r) => r.json() as Promise<Analytics>)
      .then((a) => current && setAnalytics(a))
      .catch(() => current && setProblem("Analytics are unavailable right now"));
    return () => {
      current = false;
    };
  }, [authorizedFetch, path]);

  async function download() {
    try {
      const response = await authorizedFetch(`${path}&format=csv`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
      saveBlob(await response.blob(), name ?? `tool-${toolId}-analytics.csv`);
    } catch {
      setProblem("Could not download the CSV");
    }
  }

  if (problem) return <p className="hint">{problem}</p>;
  if (!analytics) return <p className="hint">Loading analytics…</p>;
  return (
    <div style={{ display: "grid", gap: "0.5rem" }}>
      <AnalyticsChart analytics={analytics} />
      <div>
        <DownloadButton onClick={download}>Download CSV</DownloadButton>
      </div>
    </div>
  );
}
