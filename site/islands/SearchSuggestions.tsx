import { useEffect, useState } from "react";

type Named = { name: string; slug: string };
type Suggestions = { tools: Named[]; categories: Named[]; tags: Named[] };

/**
 * The search box's suggestions as the visitor types (GET /api/search/suggest): tool names, then
 * categories and tags, as a native <datalist> the input names in `list`. Picking one only fills
 * the box: Enter or Search still applies the query (SPEC §4). Each keystroke cancels the
 * previous request, so a slow answer never replaces a newer one.
 */
export default function SearchSuggestions({ id, text }: { id: string; text: string }) {
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const q = text.trim();
    if (q.length < 2) {
      setNames([]);
      return;
    }
    const request = new AbortController();
    fetch(`/api/search/suggest?q=${encodeURIComponent(q.slice(0, 64))}`, { signal: request.signal })
      .then((r) => (r.ok ? (r.json() as Promise<Suggestions>) : null))
      .then((found) => {
        if (found) setNames([...new Set([...found.tools, ...found.categories, ...found.tags].map((s) => s.name))]);
      })
      // A cancelled or failed suggestion is no error to show: the search itself still works.
      .catch(() => {});
    return () => request.abort();
  }, [text]);
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}
