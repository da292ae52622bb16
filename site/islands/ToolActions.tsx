import { useStore } from "@nanostores/react";
import { useState } from "react";
import { formatRating } from "../../lib/format";
import PricingBadge from "../components/react/PricingBadge";
import SaveButton from "../components/react/SaveButton";
import { toast } from "../lib/toast";
import { $ratingUpdate } from "../stores/rating";

type Props = {
  toolId: number;
  websiteUrl: string;
  affiliateLink: string;
  pricing: string;
  savesCount: number;
  avgRating: number;
  reviewCount: number;
};

/** Sidebar actions of a tool page: Visit Website (counted by site/scripts/view-beacon.ts), Pricing, Saves, Rating, Save, Share. */
export default function ToolActions({
  toolId,
  websiteUrl,
  affiliateLink,
  pricing,
  savesCount,
  avgRating,
  reviewCount,
}: Props) {
  const [saves, setSaves] = useState(savesCount);
  const target = affiliateLink || websiteUrl;
  const ratingUpdate = useStore($ratingUpdate);
  const rating = formatRating(ratingUpdate?.avg_rating ?? avgRating);
  const ratingCount = ratingUpdate?.review_count ?? reviewCount;

  async function share() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success("Link copied to clipboard!");
    } catch {
      toast.error("Could not copy the link");
    }
  }

  return (
    <>
      {target ? (
        <a
          className="btn btn-primary btn-block"
          href={target}
          target="_blank"
          rel="noopener nofollow"
          data-track-click={toolId}
        >
          Visit Website
        </a>
      ) : null}
      <dl className="stat-list">
        <dt>Pricing</dt>
        <dd>
          <PricingBadge pricing={pricing} />
        </dd>
        <dt>Saves</dt>
        <dd>{saves}</dd>
        {rating ? (
          <>
            <dt>Rating</dt>
            <dd className="rating">
              ★ {rating} <span style={{ color: "var(--color-muted)", fontWeight: 400 }}>({ratingCount})</span>
            </dd>
          </>
        ) : null}
      </dl>
      <SaveButton toolId={toolId} onCount={setSaves} variant="full" />
      <button type="button" className="btn btn-outline btn-block" onClick={share}>
        Share
      </button>
    </>
  );
}
