import { useRef, useState } from "react";
import { imageAttributes, type LocalImage } from "../../lib/media";

type Shot = LocalImage & { alt_text: string };

/**
 * Screenshot carousel of the site's own copies (a screenshot it could not get is not listed). They sit side by side in a strip that scrolls and snaps one at
 * a time, so a phone swipes through them; previous/next wrap around and thumbnails jump to one.
 */
export default function Gallery({ screenshots, toolName }: { screenshots: Shot[]; toolName: string }) {
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  // Where a button sent the strip: its smooth scroll passes other screenshots on the way.
  const target = useRef<number | null>(null);
  const count = screenshots.length;
  if (count === 0) return null;
  const go = (i: number) => {
    const next = (i + count) % count;
    setIndex(next);
    const strip = track.current;
    if (!strip || Math.round(strip.scrollLeft / strip.clientWidth) === next) return;
    target.current = next;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.scrollTo({ left: next * strip.clientWidth, behavior: still ? "auto" : "smooth" });
  };
  // A swipe (or a scroll) decides which screenshot is current once it has snapped.
  const onScroll = () => {
    const strip = track.current;
    if (!strip || strip.clientWidth === 0) return;
    const shown = Math.round(strip.scrollLeft / strip.clientWidth);
    if (target.current !== null) {
      if (shown === target.current) target.current = null;
      return;
    }
    if (shown !== index && shown >= 0 && shown < count) setIndex(shown);
  };
  return (
    <section aria-roledescription="carousel" aria-label={`${toolName} screenshots`}>
      <div className="carousel-main">
        {/* Focusable so the strip scrolls from the keyboard too (arrow keys). */}
        <div
          className="carousel-track"
          ref={track}
          onScroll={onScroll}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          role="group"
          aria-label={`Screenshot ${index + 1} of ${count}`}
        >
          {screenshots.map((shot, i) => {
            const main = imageAttributes(shot, 800);
            return (
              <img
                key={shot.hash}
                src={main.src}
                srcSet={main.srcset}
                sizes="(max-width: 900px) 100vw, 800px"
                alt={shot.alt_text || `${toolName} screenshot ${i + 1}`}
                width={main.width}
                height={main.height}
                loading={i === 0 ? "eager" : "lazy"}
                style={{ background: shot.color }}
              />
            );
          })}
        </div>
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
