import { useEffect, useState } from "react";
import type { LiveSponsor } from "../../../db/queries/sponsors";

/**
 * The sponsors of the search results' top placement, above the results of an applied search:
 * each labelled "Sponsored", its link rel="sponsored" and counted on its way out, and each
 * showing counted once per search by the cookie-less beacon, as the pre-rendered slots are.
 */
export default function SearchSponsors({ search }: { search: string }) {
  const [sponsors, setSponsors] = useState<LiveSponsor[]>([]);
  useEffect(() => {
    let current = true;
    fetch("/api/sponsors/live/search_top")
      .then((response) => (response.ok ? (response.json() as Promise<LiveSponsor[]>) : []))
      .then((live) => {
        if (current) setSponsors(live);
      })
      .catch(() => {
        // No sponsor is shown rather than a broken one.
      });
    return () => {
      current = false;
    };
  }, []);
  // One showing per search: a new search shows the sponsors again.
  useEffect(() => {
    if (search) for (const s of sponsors) navigator.sendBeacon(`/api/sponsors/${s.id}/impression`);
  }, [sponsors, search]);
  if (sponsors.length === 0) return null;
  return (
    <aside className="sponsor-slot" aria-label="Sponsored results">
      {sponsors.map((s) => (
        <div key={s.id} className="card sponsor">
          <span className="badge sponsor-badge">Sponsored</span>
          {s.image_url ? (
            <img src={s.image_url} alt="" width={48} height={48} loading="lazy" className="sponsor-image" />
          ) : null}
          <div className="sponsor-text">
            <a href={`/api/sponsors/${s.id}/click`} rel="sponsored noopener" target="_blank" className="sponsor-title">
              {s.title}
            </a>
            <p className="hint">{s.body}</p>
          </div>
        </div>
      ))}
    </aside>
  );
}
