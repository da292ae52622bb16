/**
 * The one way the server fetches a URL a user gave it (a claimed site's verification token, a
 * logo, a link check). Whoever names the URL must not reach inside our network through it
 * (OWASP ASVS 5.0 V1.3.6, SSRF cheat sheet):
 * - http and https only, on any port;
 * - every connection, the first and each redirect's, goes to a public unicast address, checked on
 *   the address DNS actually returned at connect time (so DNS rebinding gains nothing);
 * - at most `maxRedirects` redirects, each checked like the first;
 * - one deadline for the whole exchange, body included (a slow drip is cut off);
 * - at most `maxBytes` of body, sent uncompressed (no decompression bomb).
 */
import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";

export type SafeFetchOptions = {
  method?: "GET" | "HEAD";
  /** Most bytes of body read; more is refused (`too-large`), or cut off with `truncate`. */
  maxBytes?: number;
  /** Keep the first `maxBytes` of a longer body instead of refusing it (a page's head is enough). */
  truncate?: boolean;
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  accept?: string;
  /** Test-only: loopback addresses count as public, so tests can serve the pages. */
  allowLoopback?: boolean;
  signal?: AbortSignal;
};

export type SafeResponse = {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Every URL visited before `url`, in order. */
  redirects: string[];
};

export type RefusalReason = "url" | "address" | "redirects" | "too-large" | "timeout" | "network";

/** A fetch we would not make or finish; `reason` says which rule. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
  }
}

const USER_AGENT = "AIToolsDirectoryBot/1.0 (+link checks and site verification)";

const DEFAULTS = { maxBytes: 512 * 1024, timeoutMs: 5000, maxRedirects: 3 };
const LOOPBACK = ["127.0.0.1", "::1"];

const agents = new Map<string, http.Agent>();
/** One agent per (scheme, loopback rule): each checks every address it connects to. */
function agentFor(protocol: string, allowLoopback: boolean): http.Agent {
  const key = `${protocol}${allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: false, allowIPAddressList: allowLoopback ? LOOPBACK : [] };
    agent = protocol === "https:" ? new RequestFilteringHttpsAgent(options) : new RequestFilteringHttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** Parses a user-given URL: absolute http(s) with a host, no credentials. */
function fetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused("url", "Not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("url", "Only http and https URLs");
  if (!url.hostname) throw new FetchRefused("url", "The URL has no host");
  if (url.username || url.password) throw new FetchRefused("url", "URLs with credentials are refused");
  return url;
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...DEFAULTS, ...options };
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const redirects: string[] = [];
  let url = fetchableUrl(raw);
  for (;;) {
    const response = await once(url, options, signal, maxBytes);
    const location = response.headers.location;
    if (response.status >= 300 && response.status < 400 && location) {
      if (redirects.length >= maxRedirects) throw new FetchRefused("redirects", `More than ${maxRedirects} redirects`);
      redirects.push(url.href);
      url = fetchableUrl(new URL(location, url).href);
      continue;
    }
    return { ...response, url: url.href, redirects };
  }
}

function once(
  url: URL,
  options: SafeFetchOptions,
  signal: AbortSignal,
  maxBytes: number,
): Promise<Omit<SafeResponse, "url" | "redirects">> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const fail = (error: FetchRefused) => {
      request.destroy();
      reject(error);
    };
    const request = client.request(
      url,
      {
        method: options.method ?? "GET",
        agent: agentFor(url.protocol, options.allowLoopback === true),
        headers: {
          "user-agent": USER_AGENT,
          accept: options.accept ?? "*/*",
          "accept-encoding": "identity",
        },
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const declared = Number(response.headers["content-length"]);
        if (declared > maxBytes && !options.truncate)
          return fail(new FetchRefused("too-large", `The answer is over ${maxBytes} bytes`));
        // A redirect's body is never read.
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            if (!options.truncate) return fail(new FetchRefused("too-large", `The answer is over ${maxBytes} bytes`));
            chunks.push(chunk.subarray(0, chunk.length - (size - maxBytes)));
            request.destroy();
            return resolve({ status, headers: response.headers, body: Buffer.concat(chunks) });
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", (error) => reject(refusal(error, signal)));
      },
    );
    request.on("error", (error) => reject(refusal(error, signal)));
    request.end();
  });
}

function refusal(error: Error, signal: AbortSignal): FetchRefused {
  if (error instanceof FetchRefused) return error;
  if (signal.aborted) return new FetchRefused("timeout", "The site took too long to answer");
  if (/is not allowed/.test(error.message)) return new FetchRefused("address", "The address is not public");
  return new FetchRefused(
    "network",
    `The site could not be reached (${(error as NodeJS.ErrnoException).code ?? error.message})`,
  );
}
