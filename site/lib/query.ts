import { nanoquery } from "@nanostores/query";
import { api } from "./api";

/**
 * Island data fetching with SPEC §9's cache rules: unused entries are dropped after 5 minutes,
 * failures retry up to 3 times after min(1000 * 2^n, 30000) ms.
 */
export const [createFetcherStore] = nanoquery({
  fetcher: (...parts) => api(parts.join("")),
  cacheLifetime: 5 * 60 * 1000,
  dedupeTime: 4000,
  onErrorRetry: ({ retryCount }) => (retryCount < 3 ? Math.min(1000 * 2 ** retryCount, 30_000) : false),
});
