import { useState } from "react";
import type { Screenshot } from "../lib/types";

/** Screenshot carousel: previous/next wrap around; thumbnails jump to a screenshot. */
export default function Gallery({ screenshots, toolName }: { screenshots: Screenshot[]; toolName: string }) {
  const [index, setIndex] = useState(0);
  const count = screenshots.length;
  const current = screenshots[index];
  if (!current) return null;
  const go = (i: number) => setIndex((i + count) % count);
  return (
    <section aria-roledescription="carousel" aria-label={`${toolName} screenshots`}>
      <div className="carousel-main">
        <img
          src={current.url}
          alt={current.alt_text || `${toolName} screenshot ${index + 1}`}
          width={1280}
          height={720}
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="carousel-arrow prev"
              aria-label="Previous screenshot"
              onClick={() => go(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="carousel-arrow next"
              aria-label="Next screenshot"
              onClick={() => go(index + 1)}
            >
              ›
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="thumbs">
          {screenshots.map((shot, i) => (
            <button
              key={shot.url}
              type="button"
              aria-current={i === index}
              aria-label={`Show screenshot ${i + 1}`}
              onClick={() => go(i)}
            >
              <img src={shot.url} alt="" width={96} height={54} loading="lazy" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
