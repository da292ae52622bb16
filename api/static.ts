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
  const etag = `W/"${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}"`;
  const immutable = /\/(_astro|assets)\//.test(file.path);
  const headers: Record<string, string> = {
    "content-type": TYPES[extname(file.path).toLowerCase()] ?? "application/octet-stream",
    etag,
    "cache-control": immutable ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
  };
  if (status === 200 && c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  headers["content-length"] = String(file.stats.size);
  if (c.req.method === "HEAD") return c.body(null, status as 200, headers);
  const stream = Readable.toWeb(createReadStream(file.path)) as ReadableStream;
  return c.body(stream, status as 200, headers);
}
