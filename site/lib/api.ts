/** Browser-side client for /api (SPEC §7): bearer token from localStorage, one error shape. */
import { TOKEN_KEY } from "../../lib/session";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

type Options = { method?: string; body?: unknown; auth?: boolean; form?: FormData };

/**
 * Calls the API and returns parsed JSON, or null on 204 / an empty body. A non-OK answer
 * throws an ApiError carrying the server's `detail`, else the response text, else
 * 'HTTP error! status: {code}'.
 */
export async function api<T = unknown>(path: string, options: Options = {}): Promise<T> {
  return (await apiResponse<T>(path, options)).data;
}

/**
 * A raw fetch of an /api path (starting with /api) with the bearer token, for downloads; a
 * non-OK answer throws an ApiError with the server's `detail`.
 */
export async function authorizedFetch(path: string): Promise<Response> {
  const token = storedToken();
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let detail = "";
    try {
      detail = ((await response.json()) as { detail?: string }).detail ?? "";
    } catch {}
    throw new ApiError(detail || `HTTP error! status: ${response.status}`, response.status);
  }
  return response;
}

/** As `api`, with the answer's headers (e.g. `x-search-corrected`). */
export async function apiResponse<T = unknown>(
  path: string,
  { method = "GET", body, auth = true, form }: Options = {},
): Promise<{ data: T; headers: Headers }> {
  const headers: Record<string, string> = {};
  const token = auth ? storedToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await response.text();
  if (!response.ok) {
    let message = "";
    try {
      message = (JSON.parse(text) as { detail?: string }).detail ?? "";
    } catch {
      message = text;
    }
    throw new ApiError(message || `HTTP error! status: ${response.status}`, response.status);
  }
  const data = response.status === 204 || text === "" ? (null as T) : (JSON.parse(text) as T);
  return { data, headers: response.headers };
}

/** The server's message when there is one, else the fallback the spec names. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message && !error.message.startsWith("HTTP error!")
    ? error.message
    : fallback;
}
