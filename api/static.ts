import { createReadStream, readFileSync, realpathSync, type Stats, statSync } from "node:fs";
import { basename, extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";
import { compressedVariants, isBuildStateFile, versionStamp } from "../rebuild/output";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".webmanifest": "application/manifest+json",
};

/** Feeds are told apart by name: readers and browsers treat them by their own media types. */
const FEED_TYPES: Record<string, string> = {
  "feed.xml": "application/rss+xml; charset=utf-8",
  "rss.xml": "application/rss+xml; charset=utf-8",
  "feed.json": "application/feed+json",
};

/** The content type a site file is served with: by its name for feeds, else by its extension. */
function contentType(path: string): string {
  return FEED_TYPES[basename(path)] ?? TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

function statFile(path: string): Stats | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** Resolves a URL path inside `root` (never outside it): the file, or its index.html / .html. */
export function resolveFile(root: string, urlPath: string): { path: string; stats: Stats } | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0")) return null;
  const base = normalize(root);
  const target = normalize(join(base, decoded));
  if (target !== base && !target.startsWith(base.endsWith(sep) ? base : base + sep)) return null;
  for (const candidate of [target, join(target, "index.html"), `${target.replace(/\/$/, "")}.html`]) {
    const stats = statFile(candidate);
    if (stats) return { path: candidate, stats };
  }
  return null;
}

/**
 * Sends a file with a validator: a weak ETag from size and mtime, 304 when it matches. Hashed
 * assets under /_astro/ and /admin/assets/ never change, so they are cached for a year.
 */
export function sendFile(c: Context, file: { path: string; stats: Stats }, status = 200): Response {
  const immutable = /\/(_astro|assets)\//.test(file.path);
  // A precompressed sibling (written after each build) is sent when the client accepts it.
  const accepts = c.req.header("accept-encoding") ?? "";
  let body = file;
  let encoding: string | null = null;
  for (const [name, suffix] of [
    ["br", ".br"],
    ["gzip", ".gz"],
  ] as const) {
    if (!accepts.includes(name)) continue;
    const stats = statFile(file.path + suffix);
    if (stats) {
      body = { path: file.path + suffix, stats };
      encoding = name;
      break;
    }
  }
  const etag = `W/"${body.stats.size.toString(16)}-${Math.floor(body.stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`;
  const headers: Record<string, string> = {
    "content-type": contentType(file.path),
    etag,
    "last-modified": new Date(file.stats.mtimeMs).toUTCString(),
    vary: "Accept-Encoding",
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  };
  if (encoding) headers["content-encoding"] = encoding;
  const since = c.req.header("if-modified-since");
  const notModified =
    c.req.header("if-none-match") === etag ||
    (!c.req.header("if-none-match") &&
      since != null &&
      Date.parse(since) >= Math.floor(file.stats.mtimeMs / 1000) * 1000);
  if (status === 200 && notModified) return c.body(null, 304, headers);
  headers["content-length"] = String(body.stats.size);
  if (c.req.method === "HEAD") return c.body(null, status as 200, headers);
  const stream = Readable.toWeb(createReadStream(body.path)) as ReadableStream;
  return c.body(stream, status as 200, headers);
}

type Variant = { body: Buffer; etag: string; encoding: string | null };
type Entry = { path: string; stats: Stats; type: string; variants: Variant[]; immutable: boolean };

const MAX_FILE_BYTES = 1024 * 1024;
const MAX_ENTRIES = 50_000;

/**
 * The longest request path answered (characters of the raw, percent-encoded path): no page of the
 * site comes close, and longer ones get 414 before any lookup.
 */
export const MAX_PATH_LENGTH = 2048;

/** True when a request path is longer than the server answers (see MAX_PATH_LENGTH). */
export function pathTooLong(path: string): boolean {
  return path.length > MAX_PATH_LENGTH;
}

/**
 * A URL path that names a file in exactly one spelling: nothing to decode, no `.`, `..` or empty
 * segment. Each file has a handful of such spellings (`/x`, `/x/`, `/x/index.html`…), so caching
 * by them is bounded by the site; any other spelling is resolved afresh on each request.
 */
function plainSpelling(urlPath: string): boolean {
  if (!urlPath.startsWith("/") || urlPath.includes("%") || urlPath.includes("\\")) return false;
  const segments = urlPath.slice(1).split("/");
  // A trailing slash leaves one empty last segment; any other empty, "." or ".." is a respelling.
  return segments.every((s, i) => (s === "" ? i === segments.length - 1 : s !== "." && s !== ".."));
}

/**
 * The pre-rendered site served from memory: each file is read once, with its precompressed
 * variants and ETags, and answered from a Buffer afterwards. The cache follows the `current`
 * link, so a new build is served from its first request on. Files over 1 MiB stream from disk.
 *
 * Only files that exist are held, once each, by file; a URL path is remembered only in its plain
 * spelling. A path that names no file is never stored, so requests for unknown URLs (a crawler,
 * a scan) cost stat calls, not memory.
 */
export class StaticSite {
  private target = "";
  private version = "";
  private files = new Map<string, Entry>();
  private paths = new Map<string, Entry>();
  private bytes = 0;

  private checkedAt = 0;

  /**
   * `recheckMs`: how often the `current` link and the site version are looked at again. Between
   * looks a request costs no system call at all; a new build or update shows within that time.
   */
  constructor(
    private readonly root: string,
    private readonly maxBytes = 256 * 1024 * 1024,
    private readonly recheckMs = 200,
  ) {}

  private refresh(): string {
    const now = performance.now();
    if (this.target && now - this.checkedAt < this.recheckMs) return this.target;
    this.checkedAt = now;
    let target: string;
    try {
      target = realpathSync.native(this.root);
    } catch {
      return "";
    }
    const version = versionStamp(target);
    if (target !== this.target || version !== this.version) {
      this.target = target;
      this.version = version;
      this.files.clear();
      this.paths.clear();
      this.bytes = 0;
    }
    return target;
  }

  /** Changes with every build and every update in place: what answers drawn from the site are keyed by. */
  get generation(): string {
    this.refresh();
    return `${this.target}:${this.version}`;
  }

  /** Entries held in memory: files, and URL paths pointing at them (for tests and operations). */
  get size(): { files: number; paths: number } {
    return { files: this.files.size, paths: this.paths.size };
  }

  lookup(urlPath: string): Entry | null {
    const root = this.refresh();
    if (!root) return null;
    const known = this.paths.get(urlPath);
    if (known) return known;
    const file = resolveFile(root, urlPath);
    if (!file || isBuildStateFile(basename(file.path))) return null;
    let entry = this.files.get(file.path);
    if (!entry) {
      // Past the limits a file is streamed from disk on each request instead of held.
      entry = this.load(file, this.files.size < MAX_ENTRIES);
      if (entry.variants.length === 0) return entry;
      this.files.set(file.path, entry);
    }
    if (plainSpelling(urlPath) && this.paths.size < MAX_ENTRIES * 4) this.paths.set(urlPath, entry);
    return entry;
  }

  private load(file: { path: string; stats: Stats }, hold: boolean): Entry {
    const entry: Entry = {
      path: file.path,
      stats: file.stats,
      type: contentType(file.path),
      variants: [],
      immutable: /\/(_astro|assets)\//.test(file.path),
    };
    if (!hold || file.stats.size > MAX_FILE_BYTES || this.bytes > this.maxBytes) return entry;
    const body = readFileSync(file.path);
    // Compressed once here, then every request gets the stored bytes (no per-request zlib).
    const compressed = compressedVariants(file.path, body);
    const bodies = compressed
      ? ([
          ["br", compressed.br],
          ["gzip", compressed.gzip],
          [null, body],
        ] as const)
      : ([[null, body]] as const);
    const tag = `${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}`;
    for (const [encoding, bytes] of bodies) {
      this.bytes += bytes.length;
      entry.variants.push({ body: bytes, etag: `W/"${tag}${encoding ? `-${encoding}` : ""}"`, encoding });
    }
    return entry;
  }

  /** Answers with the best variant the client accepts; 304 when its validator still matches. */
  send(c: Context, entry: Entry, status = 200): Response {
    const answer = this.answer(
      entry,
      {
        method: c.req.method,
        acceptEncoding: c.req.header("accept-encoding"),
        ifNoneMatch: c.req.header("if-none-match"),
        ifModifiedSince: c.req.header("if-modified-since"),
      },
      status,
    );
    if (!answer) return sendFile(c, entry, status);
    return new Response(answer.body ? new Uint8Array(answer.body) : null, {
      status: answer.status,
      headers: answer.headers,
    });
  }

  /** The response for a cached entry, or null when the file is too large to hold in memory. */
  answer(
    entry: Entry,
    request: { method: string; acceptEncoding?: string; ifNoneMatch?: string; ifModifiedSince?: string },
    status = 200,
  ): { status: number; headers: Record<string, string>; body: Buffer | null } | null {
    const accepts = request.acceptEncoding ?? "";
    const variant = entry.variants.find((v) => v.encoding === null || accepts.includes(v.encoding));
    if (!variant) return null;
    const headers: Record<string, string> = {
      "content-type": entry.type,
      etag: variant.etag,
      "last-modified": new Date(entry.stats.mtimeMs).toUTCString(),
      vary: "Accept-Encoding",
      "cache-control": entry.immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    };
    if (variant.encoding) headers["content-encoding"] = variant.encoding;
    const since = request.ifModifiedSince;
    const fresh = request.ifNoneMatch
      ? request.ifNoneMatch === variant.etag
      : since != null && Date.parse(since) >= Math.floor(entry.stats.mtimeMs / 1000) * 1000;
    if (status === 200 && fresh) return { status: 304, headers, body: null };
    headers["content-length"] = String(variant.body.length);
    return { status, headers, body: request.method === "HEAD" ? null : variant.body };
  }
}
