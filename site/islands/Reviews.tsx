import { useState } from "react";
import { toast } from "sonner";
import { formatDate } from "../../lib/format";
import { api, messageOf } from "../lib/api";
import type { Review } from "../lib/types";
import { $authDialog } from "../stores/session";
import { useSession } from "../stores/useSession";

const stars = (n: number) => "★".repeat(n) + "☆".repeat(5 - n);

/** User reviews (pre-rendered) and the form to add one; a new review shows at once. */
export default function Reviews({ toolId, initial }: { toolId: number; initial: Review[] }) {
  const { user } = useSession();
  const [reviews, setReviews] = useState(initial);
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
      const review = await api<Review>(`/reviews/tool/${toolId}`, { method: "POST", body: { rating, comment } });
      setReviews((list) => [review, ...list.filter((r) => r.id !== review.id)]);
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
      {reviews.length === 0 ? (
        <p className="empty" style={{ padding: "var(--space-4) 0" }}>
          No reviews yet. Be the first to review!
        </p>
      ) : (
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {reviews.map((r) => (
            <li key={r.id} className="review">
              <span className="stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
                {stars(r.rating)}
              </span>
              {r.comment ? <p style={{ margin: "var(--space-1) 0" }}>{r.comment}</p> : null}
              <time className="hint" dateTime={r.created_at}>
                {formatDate(r.created_at)}
              </time>
            </li>
          ))}
        </ul>
      )}
      {user ? (
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
