import { toggled } from "../lib/filters";
import type { TagChip } from "../lib/types";
import type { FilterControls } from "./useFilters";

/** Closes the disclosure where it is a panel over the cards (it stays open where it sits in place). */
function foldPanel(details: HTMLDetailsElement | null) {
  const panel = details?.querySelector("nav");
  if (details && panel && getComputedStyle(panel).position === "absolute") details.open = false;
}

/**
 * A list island's tag filter: a "Tags" disclosure among the filters, holding links that add or
 * remove a tag, for the tags that have tools. Folded, so that the cards, not thirty chips, fill
 * the first screen (the summary counts the tags chosen). Where it opens as a panel over the cards
 * it closes once a tag is picked and when the focus leaves it (a tap outside), so the results show.
 */
export default function TagChips({
  label,
  tags,
  filters,
}: {
  label: string;
  tags: TagChip[];
  filters: FilterControls;
}) {
  const { view, live, hrefOf, follow } = filters;
  const shown = tags.filter((t) => t.tools_count > 0);
  if (shown.length === 0) return null;
  const chosenCount = view.tags.length;
  return (
    <details
      className="tag-filter"
      onBlur={(e) => e.currentTarget.contains(e.relatedTarget as Node) || foldPanel(e.currentTarget)}
    >
      <summary>{chosenCount > 0 ? `Tags (${chosenCount})` : "Tags"}</summary>
      <nav className="chips tag-chips" aria-label={label}>
        {shown.map((t) => {
          const chosen = view.tags.includes(t.slug);
          const next = toggled(view.tags, t.slug);
          return (
            <a
              key={t.id}
              className="chip"
              // Before the island runs (or without JavaScript) a tag leads to its own page.
              href={live ? hrefOf({ tags: next }) : `/tag/${t.slug}`}
              aria-current={chosen ? "true" : undefined}
              onClick={(e) => {
                follow(e, { tags: next });
                foldPanel(e.currentTarget.closest("details"));
              }}
            >
              {chosen ? <span aria-hidden="true">✓ </span> : null}
              {t.name}
              <span className="visually-hidden">{chosen ? " (filter on, select to remove)" : " (filter)"}</span>
            </a>
          );
        })}
      </nav>
    </details>
  );
}
