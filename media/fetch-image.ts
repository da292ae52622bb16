import { MAX_IMAGE_BYTES } from "../lib/limits";
import { FetchRefused, safeFetch } from "./safe-fetch";

/** Fetches one URL's bytes under the SSRF rules and the image limits. */
export async function fetchImageBytes(url: string, options: { allowLoopback?: boolean; timeoutMs?: number } = {}) {
  const response = await safeFetch(url, {
    accept: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8",
    maxBytes: MAX_IMAGE_BYTES,
    timeoutMs: options.timeoutMs ?? 15_000,
    maxRedirects: 5,
    allowLoopback: options.allowLoopback,
  });
  if (response.status !== 200) throw new FetchRefused("network", `answered ${response.status}`);
  return response.body;
}
