import { useState } from "react";

/** A tool's logo, or its first letter when there is none or it fails to load. */
export default function ToolLogo({ name, src }: { name: string; src: string }) {
  const [failed, setFailed] = useState(false);
  const box = { width: 32, height: 32, borderRadius: 6, flexShrink: 0 } as const;
  if (!src || failed) {
    return (
      <span
        aria-hidden="true"
        style={{ ...box, display: "grid", placeItems: "center", background: "#4f46e5", color: "#fff", fontWeight: 700 }}
      >
        {(name[0] ?? "?").toUpperCase()}
      </span>
    );
  }
  return <img src={src} alt="" style={{ ...box, objectFit: "contain" }} onError={() => setFailed(true)} />;
}
