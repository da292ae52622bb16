import { createReadStream, type Stats, statSync } from "node:fs";
import { extname, join, normalize, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context } from "hono";

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
    "content-type": TYPES[extname(file.path).toLowerCase()] ?? "application/octet-stream",
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
