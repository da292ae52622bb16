import type { CommonSettings, FetcherValue } from "@nanostores/query";
import { atom, onMount, type ReadableAtom } from "nanostores";

/**
 * A fetcher store (site/lib/query.ts, with its cache and retry rules) for `[prefix, $key]` whose
 * library is loaded only once `$key` first names something to fetch: a list shown as it was
 * pre-rendered never needs it, so it stays out of the page's first load. Until the store is
 * ready it reads as loading.
 */
export function lazyFetcherStore<T>(
  prefix: string,
  $key: ReadableAtom<string | null>,
  settings: CommonSettings<T>,
): ReadableAtom<FetcherValue<T>> {
  const $value = atom<FetcherValue<T>>({ loading: false });
  onMount($value, () => {
    let live = true;
    let started = false;
    let stopStore: (() => void) | undefined;
    const start = () => {
      started = true;
      $value.set({ loading: true });
      import("./query")
        .then(({ createFetcherStore }) => {
          if (live) stopStore = createFetcherStore<T>([prefix, $key], settings).subscribe((v) => $value.set(v));
        })
        .catch((error: Error) => live && $value.set({ loading: false, error }));
    };
    const stopWaiting = $key.subscribe((key) => {
      if (key !== null && !started) start();
    });
    return () => {
      live = false;
      stopWaiting();
      stopStore?.();
    };
  });
  return $value;
}
