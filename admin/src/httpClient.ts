import { fetchUtils, HttpError } from "react-admin";
import { TOKEN_KEY } from "../../lib/session";

export const token = () => localStorage.getItem(TOKEN_KEY);

/**
 * JSON client for the API: adds the bearer token and turns an error body's `detail` into the
 * message react-admin shows.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: "application/json" });
  const t = token();
  if (t) headers.set("Authorization", `Bearer ${t}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const detail = (error.body as { detail?: string } | undefined)?.detail;
      throw new HttpError(detail || error.message, error.status, error.body);
    }
    throw error;
  }
}

/** Raw fetch with the bearer token (uploads and downloads). */
export async function authorizedFetch(url: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  const t = token();
  if (t) headers.set("Authorization", `Bearer ${t}`);
  const response = await fetch(url, { ...init, headers });
  if (!response.ok) {
    let detail = "";
    try {
      detail = ((await response.json()) as { detail?: string }).detail ?? "";
    } catch {}
    throw new HttpError(detail || `HTTP error! status: ${response.status}`, response.status);
  }
  return response;
}
