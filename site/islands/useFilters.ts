import { useStore } from "@nanostores/react";
import { atom } from "nanostores";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import {
  applyIndexing,
  type Filters,
  filtersQuery,
  followAddress,
  NO_FILTERS,
  pagedQuery,
  pushFilters,
  readFilters,
  readPage,
  rememberScroll,
  replacePage,
} from "../lib/filters";

/**
 * A view and the last of its pages shown (Load More), counted from 0, and the first page the
 * latest fetch asks for: 0 replaces the list (a new view, or pages restored from the address).
 */
export type PagedView = Filters & { page: number; from: number };

type Options = {
  /** Whose indexing rules the view follows (site/lib/filters.ts `indexing`). */
  indexAs: "home" | "category";
  /** The page's path, which the view's links lead to. */
  path: string;
  /** What of an address's view applies to this page (a category page's category is its path). */
  scope?: (f: Filters) => Filters;
  /**
   * Called with the address's view on the first load and after Back or Forward, and the view
   * shown until then (null: the pre-rendered list, which is the unfiltered view's first page).
   */
  onAddress?: (f: Filters, shown: PagedView | null) => void;
  /**
   * The view the server drew the list for (a results page rendered on request), or absent for
   * the pre-rendered unfiltered page. While the address asks for it, nothing is fetched again.
   */
  served?: ServedView;
};

/** A view a results page was rendered for on request, and the last of its pages shown. */
export type ServedView = Filters & { page: number };

const everything = (f: Filters) => f;

/**
 * A list island's view kept in the address (site/lib/filters.ts): choosing a filter adds a
 * history entry, and a link or Back restores the view. `$view` and `chosen` stay null until the
 * address or the visitor asks for a view (so nothing is fetched for the pre-rendered list);
 * `view` is what the controls show.
 */
export function useFilters({ indexAs, path, scope = everything, onAddress, served }: Options) {
  const [$view] = useState(() => atom<PagedView | null>(null));
  const chosen = useStore($view);
  // Links carry the view they lead to once the island runs; before, they lead to pre-rendered pages.
  const [live, setLive] = useState(false);
  // The latest callbacks, so the address is followed from one listener for the island's life.
  const latest = useRef({ scope, onAddress, served });
  latest.current = { scope, onAddress, served };

  useEffect(() => {
    const show = (address: Filters) => {
      const f = latest.current.scope(address);
      // The pages loaded when the address was left (Load More), all loaded again at once.
      const page = readPage(window.location.search);
      applyIndexing({ ...f, page }, indexAs);
      const before = $view.get();
      latest.current.onAddress?.(f, before);
      if (!before && !filtersQuery(f) && !page) return;
      // The server drew this very view: the list shown is already the address's.
      const drawn = latest.current.served;
      if (!before && drawn && pagedQuery(f, page) === pagedQuery(drawn, drawn.page)) return;
      $view.set({ ...f, page, from: 0 });
    };
    show(readFilters(window.location.search));
    setLive(true);
    const unfollow = followAddress(show);
    const forget = rememberScroll();
    return () => {
      unfollow();
      forget();
    };
  }, [$view, indexAs]);

  const view: PagedView = chosen ?? { ...(served ?? NO_FILTERS), page: served?.page ?? 0, from: 0 };
  /** Shows another view, from its first page, and records it in the address. */
  const apply = (next: Partial<Filters>) => {
    const updated: PagedView = { ...view, ...next, page: 0, from: 0 };
    pushFilters(updated);
    applyIndexing(updated, indexAs);
    $view.set(updated);
  };
  return {
    $view,
    chosen,
    view,
    live,
    apply,
    /** The view's next page (Load More), counted in the address without a history entry. */
    loadMore: () => {
      const page = view.page + 1;
      replacePage(view, page);
      applyIndexing({ ...view, page }, indexAs);
      $view.set({ ...view, page, from: page });
    },
    /** The address of this view with one more page loaded: Load More without JavaScript. */
    nextPageHref: `${path}${pagedQuery(view, view.page + 1)}`,
    /** The address of this view changed by `next`. */
    hrefOf: (next: Partial<Filters>) => `${path}${filtersQuery({ ...view, ...next })}`,
    /** A link's click shows its view in place; with a modifier it opens the link (a new tab) instead. */
    follow: (event: MouseEvent, next: Partial<Filters>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      apply(next);
    },
  };
}

export type FilterControls = ReturnType<typeof useFilters>;
