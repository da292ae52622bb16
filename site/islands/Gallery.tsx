import { useState } from "react";
import { imageAttributes, type LocalImage } from "../../lib/media";

type Shot = LocalImage & { alt_text: string };

/**
 * Screenshot carousel of the site's own copies (a screenshot it could not get is not listed):
 * previous/next wrap around; thumbnails jump to a screenshot.
 */
export default function Gallery({ screenshots, toolName }: { screenshots: Shot[]; toolName: string }) {
  const [index, setIndex] = useState(0);
  const count = screenshots.length;
  const current = screenshots[index];
  if (!current) return null;
  const go = (i: number) => setIndex((i + count) % count);
  const main = imageAttributes(current, 800);
  return (
    <section aria-roledescription="carousel" aria-label={`${toolName} screenshots`}>
      <div className="carousel-main">
        <img
          src={main.src}
          srcSet={main.srcset}
          sizes="(max-width: 900px) 100vw, 800px"
          alt={current.alt_text || `${toolName} screenshot ${index + 1}`}
          width={main.width}
          height={main.height}
          style={{ background: current.color }}
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
          {screenshots.map((shot, i) => {
            const thumb = imageAttributes(shot, 96);
            return (
              <button
                key={shot.hash}
                type="button"
                aria-current={i === index}
                aria-label={`Show screenshot ${i + 1}`}
                onClick={() => go(i)}
              >
                <img src={thumb.src} alt="" width={96} height={54} loading="lazy" style={{ background: shot.color }} />
              </button>
            );
          })}
        </div>
      ) : null}
    </section>
  );
}
