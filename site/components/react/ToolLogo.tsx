import { useEffect, useRef, useState } from "react";
import { monogramColor, monogramLetter } from "../../../lib/monogram";

type Props = {
  name: string;
  src: string;
  size?: "md" | "lg";
};

/**
 * The tool's logo over a generated monogram: when the image is missing or fails to load, the
 * monogram shows (it is decorative: the name is always printed beside it).
 */
export default function ToolLogo({ name, src, size = "md" }: Props) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    if (img.current?.complete && img.current.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <span
      className={`logo monogram${size === "lg" ? " logo-lg" : ""}`}
      style={{ background: monogramColor(name), position: "relative", overflow: "hidden" }}
      aria-hidden="true"
    >
      {monogramLetter(name)}
      {src && !failed ? (
        <img
          ref={img}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          width={size === "lg" ? 80 : 48}
          height={size === "lg" ? 80 : 48}
          onError={() => setFailed(true)}
          style={{
            position: "absolute",
            inset: 0,
            width: "100%",
            height: "100%",
            objectFit: "contain",
            background: "#fff",
          }}
        />
      ) : null}
    </span>
  );
}
