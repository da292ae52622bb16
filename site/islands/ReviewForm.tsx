import { useState } from "react";
import { formatDate } from "../../lib/format";
import { OWN_TOOL_REVIEW, ownsTool } from "../../lib/reviews";
import { api, messageOf } from "../lib/api";
import { toast } from "../lib/toast";
import type { Review } from "../lib/types";
import { $authDialog } from "../stores/session";
import { useSession } from "../stores/useSession";

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/**
 * The review form under a tool's pre-rendered reviews. A review just written shows here at once;
 * the page's list includes it after the next site build.
 */
export default function ReviewForm({ toolId, ownerId }: { toolId: number; ownerId: number | null }) {
  const { user } = useSession();
  const [mine, setMine] = useState<Review | null>(null);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      toast.error("Please choose a rating from 1 to 5 stars");
      return;
    }
    setBusy(true);
    try {
      setMine(await api<Review>(`/reviews/tool/${toolId}`, { method: "POST", body: { rating, comment } }));
      setRating(0);
      setComment("");
      toast.success("Thanks for your review!");
    } catch (error) {
      toast.error(messageOf(error, "Failed to submit review"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {mine ? (
        <div className="review" aria-live="polite">
          <strong>Your review</strong>{" "}
          <span className="stars" role="img" aria-label={`${mine.rating} out of 5 stars`}>
            {stars(mine.rating)}
          </span>
          {mine.comment ? <p style={{ margin: "var(--space-1) 0" }}>{mine.comment}</p> : null}
          <time className="hint" dateTime={mine.created_at}>
            {formatDate(mine.created_at)}
          </time>
        </div>
      ) : null}
      {user && ownsTool({ submitted_by: ownerId }, user.id) ? (
        <p className="hint">{OWN_TOOL_REVIEW}</p>
      ) : user ? (
        <form onSubmit={submit} className="card" style={{ marginTop: "var(--space-4)" }}>
          <h3 style={{ marginTop: 0 }}>Write a review</h3>
          <fieldset style={{ border: 0, padding: 0, margin: "0 0 var(--space-3)" }}>
            <legend className="hint">Your rating</legend>
            <div className="star-input">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  className={n <= rating ? "on" : ""}
                  aria-label={`${n} star${n > 1 ? "s" : ""}`}
                  aria-pressed={n === rating}
                  onClick={() => setRating(n)}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label htmlFor="review-comment">Comment</label>
            <textarea
              id="review-comment"
              className="textarea"
              maxLength={5000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Loading..." : "Submit Review"}
          </button>
        </form>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => $authDialog.set("signin")}>
            Sign in
          </button>{" "}
          to write a review.
        </p>
      )}
    </>
  );
}
