import { useEffect, useRef, useState } from "react";

const PALETTE = ["#4f46e5", "#0e7490", "#b45309", "#be185d", "#047857", "#7c3aed", "#1d4ed8", "#c2410c"];

/** A stable colour per name, so a tool's monogram looks the same everywhere. */
export function monogramColor(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? "#4f46e5";
}

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
  const letter = (name.trim()[0] ?? "?").toUpperCase();
  return (
    <span
      className={`logo monogram${size === "lg" ? " logo-lg" : ""}`}
      style={{ background: monogramColor(name), position: "relative", overflow: "hidden" }}
      aria-hidden="true"
    >
      {letter}
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
