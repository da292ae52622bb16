import { useEffect } from "react";
import { flashThenGo } from "../lib/flash";

/** An unknown tool address: toast 'Failed to load tool details' and back to / (SPEC §8). */
export default function ToolNotFound() {
  useEffect(() => {
    console.warn(`Tool not found: ${window.location.pathname}`);
    flashThenGo("error", "Failed to load tool details", "/");
  }, []);
  return null;
}
