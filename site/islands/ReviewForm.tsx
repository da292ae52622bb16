import { useEffect, useState } from "react";
import { formatDate } from "../../lib/format";
import { OWN_TOOL_REVIEW, ownsTool } from "../../lib/reviews";
import { useConfirm } from "../components/react/ConfirmDialog";
import { api } from "../lib/api";
import { formMessageOf } from "../lib/messages";
import { toast } from "../lib/toast";
import type { Review } from "../lib/types";
import { $ratingUpdate, type RatingFigures } from "../stores/rating";
import { $authDialog } from "../stores/session";
import { useSession } from "../stores/useSession";

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

type Posted = Review & RatingFigures;

/**
 * The review form under a tool's pre-rendered reviews. The member's own review shows here at once
 * as "Your review" (with Edit and Delete), and the pre-rendered copy of it is hidden so it never
 * shows twice; the page's list catches up at the next site build.
 */
export default function ReviewForm({ toolId, ownerId }: { toolId: number; ownerId: number | null }) {
  const { user } = useSession();
  const { confirm, dialog } = useConfirm();
  const [mine, setMine] = useState<Review | null>(null);
  // The id of the member's review as the pre-rendered list may hold it (kept after a delete).
  const [ownId, setOwnId] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState("");
  const [busy, setBusy] = useState(false);
  const owner = user != null && ownsTool({ submitted_by: ownerId }, user.id);

  useEffect(() => {
    if (!user || owner) return;
    api<Review | null>(`/reviews/tool/${toolId}/me`)
      .then((review) => {
        setMine(review);
        if (review) setOwnId(review.id);
      })
      .catch(() => {});
  }, [user, owner, toolId]);

  // The list above is static HTML (a style element would break the page's CSP): hide its copy of
  // the member's review, which this form shows (and may have deleted) instead.
  useEffect(() => {
    const copy = ownId == null ? null : document.querySelector<HTMLElement>(`.reviews [data-review-id="${ownId}"]`);
    if (copy) copy.hidden = true;
  }, [ownId]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      toast.error("Please choose a rating from 1 to 5 stars");
      return;
    }
    setBusy(true);
    try {
      const { avg_rating, review_count, ...review } = await api<Posted>(`/reviews/tool/${toolId}`, {
        method: "POST",
        body: { rating, comment },
      });
      setMine(review);
      setOwnId(review.id);
      $ratingUpdate.set({ avg_rating, review_count });
      setEditing(false);
      setRating(0);
      setComment("");
      toast.success("Thanks for your review!");
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to submit review"));
    } finally {
      setBusy(false);
    }
  }

  function edit(review: Review) {
    setRating(review.rating);
    setComment(review.comment);
    setEditing(true);
  }

  async function remove() {
    if (!(await confirm("Are you sure you want to delete your review?", "Delete"))) return;
    try {
      $ratingUpdate.set(await api<RatingFigures>(`/reviews/tool/${toolId}/me`, { method: "DELETE" }));
      setMine(null);
      toast.success("Review deleted");
    } catch (error) {
      toast.error(formMessageOf(error, "Failed to delete review"));
    }
  }

  return (
    <>
      {dialog}
      {owner ? (
        <p className="hint">{OWN_TOOL_REVIEW}</p>
      ) : user && mine && !editing ? (
        <div className="review review-mine" aria-live="polite">
          <h3 style={{ margin: 0 }}>Your review</h3>
          <span className="stars" role="img" aria-label={`${mine.rating} out of 5 stars`}>
            {stars(mine.rating)}
          </span>
          {mine.comment ? <p style={{ margin: "var(--space-1) 0" }}>{mine.comment}</p> : null}
          <time className="hint" dateTime={mine.created_at}>
            {formatDate(mine.created_at)}
          </time>
          <div style={{ display: "flex", gap: "var(--space-2)", marginTop: "var(--space-2)" }}>
            <button type="button" className="btn btn-outline" onClick={() => edit(mine)}>
              Edit
            </button>
            <button type="button" className="btn btn-outline" onClick={remove}>
              Delete
            </button>
          </div>
        </div>
      ) : user ? (
        <form onSubmit={submit} className="card" style={{ marginTop: "var(--space-4)" }}>
          <h3 style={{ marginTop: 0 }}>{editing ? "Edit your review" : "Write a review"}</h3>
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
          <div style={{ display: "flex", gap: "var(--space-2)" }}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Loading..." : editing ? "Update Review" : "Submit Review"}
            </button>
            {editing ? (
              <button type="button" className="btn btn-outline" onClick={() => setEditing(false)}>
                Cancel
              </button>
            ) : null}
          </div>
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
