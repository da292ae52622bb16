import { createHash } from "node:crypto";
import { createReadStream, existsSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { currentSlug } from "../db/queries/slug-redirects";
import { getPublicTool } from "../db/queries/tools";
import { swappedCompareKeys } from "../lib/alternatives";
import { CARD_FILE } from "../lib/cards";
import { MEDIA_FILE } from "../lib/media";
import { PAGE_PREFIX, type SlugKind } from "../lib/site";
import { cardsDir, hasPending } from "../rebuild/card-store";
import { createApp } from "./app";
import { badgeSvg } from "./badge";
import { CardsOnDemand } from "./card-on-demand";
import type { Deps } from "./context";
import { ResultsPages, type ResultsRenderer, requestedView } from "./results-pages";
import { robotsTagFor } from "./robots";
import { pathTooLong, resolveFile, StaticSite, sendFile } from "./static";

const root = resolve(new URL(".", import.meta.url).pathname, "..");

export type ServerOptions = Deps & {
  db: Db;
  /** Folder whose `current` link holds the live static site. */
  siteDir: string;
  adminDir?: string;
  /** Draws searched and filtered list pages on request; without it they answer pre-rendered. */
  results?: ResultsRenderer;
};

// The public pages carry their own CSP <meta> (hashes of Astro's inline scripts); a meta tag cannot
// set frame-ancestors, so that comes as a header. The admin's UI library injects <style> tags.
const PAGE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";
const ADMIN_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** Security headers for every response of the site and the admin. */
function securityHeaders(headers: Headers, path: string, https: boolean) {
  for (const [name, value] of Object.entries(securityHeaderValues(headers.get("content-type"), path, https))) {
    headers.set(name, value);
  }
}

function securityHeaderValues(contentType: string | null, path: string, https: boolean): Record<string, string> {
  const values: Record<string, string> = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
  };
  if (https) values["strict-transport-security"] = "max-age=31536000; includeSubDomains";
  if (contentType?.startsWith("text/html"))
    values["content-security-policy"] = path.startsWith("/admin") ? ADMIN_CSP : PAGE_CSP;
  return values;
}

/** At most this many readings of a comparison path are looked up (slugs rarely hold `-vs-`). */
const COMPARE_READINGS = 8;

/**
 * Paths with no pre-rendered file: /edit-tool/{id} shares one shell, /tool/{id} and a renamed
 * record's old paths redirect to the current slug, /compare/{b}-vs-{a} to the page of the pair in
 * alphabetical order (looked up among the pages there are, since a slug may hold `-vs-`), and
 * unknown tools and articles get their own
 * not-found pages (with a 404 status).
 */
async function fallbackFor(
  db: Db,
  path: string,
  isPage: (path: string) => boolean,
): Promise<{ page?: string; status?: 200 | 404; redirect?: string } | null> {
  if (/^\/edit-tool\/\d+\/?$/.test(path)) return { page: "/edit-tool/index.html" };
  const compare = /^\/compare\/([a-z0-9-]+)\/?$/.exec(path);
  if (compare) {
    const swapped = swappedCompareKeys(compare[1] ?? "").slice(0, COMPARE_READINGS);
    const key = swapped.find((k) => isPage(`/compare/${k}`));
    return key ? { redirect: `/compare/${key}` } : null;
  }
  const id = /^\/tool\/(\d{1,15})\/?$/.exec(path);
  const found = id ? await getPublicTool(db, { id: Number(id[1]) }) : null;
  if (found) return { redirect: `/tool/${found.slug}` };
  const renamed = await renamedPage(db, path);
  if (renamed) return { redirect: renamed };
  if (/^\/tool\/[^/]+\/?$/.test(path)) return { page: "/tool-not-found/index.html", status: 404 };
  if (/^\/blog\/[^/]+\/?$/.test(path)) return { page: "/blog/404/index.html", status: 404 };
  return null;
}

/**
 * Where an old path of a renamed tool, category, tag or article lives now: its page, or a feed
 * under it (`/category/{old}/feed.xml`), at the record's current slug. Null for any other path.
 */
async function renamedPage(db: Db, path: string): Promise<string | null> {
  for (const [kind, prefix] of Object.entries(PAGE_PREFIX) as [SlugKind, string][]) {
    if (!path.startsWith(prefix)) continue;
    const match = /^([^/]{1,300})(\/feed\.(?:xml|json))?\/?$/.exec(path.slice(prefix.length));
    const slug = match?.[1] ? await currentSlug(db, kind, match[1]) : null;
    return slug ? `${prefix}${slug}${match?.[2] ?? ""}` : null;
  }
  return null;
}

/** The answer to a path over MAX_PATH_LENGTH: short, and in the API's error shape under /api. */
function tooLong(path: string): { type: string; body: string } {
  return path.startsWith("/api")
    ? { type: "application/json; charset=utf-8", body: JSON.stringify({ detail: "Request path too long" }) }
    : { type: "text/plain; charset=utf-8", body: "URI Too Long" };
}

/** The whole product on one port: /api, /admin (SPA) and the pre-rendered public site. */
export function createServer(options: ServerOptions) {
  const app = new Hono({ strict: false });
  const api = createApp(options);
  const siteRoot = join(resolve(options.siteDir), "current");
  const site = new StaticSite(siteRoot);
  const adminRoot = options.adminDir ?? join(root, "admin/dist");

  // HSTS follows the configured public origin, never a header a client could send.
  const https = servedOverHttps(options.settings);
  app.use("*", async (c, next) => {
    await next();
    securityHeaders(c.res.headers, c.req.path, https || new URL(c.req.url).protocol === "https:");
  });
  app.use("*", async (c, next) => {
    const path = new URL(c.req.url).pathname;
    if (!pathTooLong(path)) return next();
    const answer = tooLong(path);
    return c.body(answer.body, 414, { "content-type": answer.type });
  });
  app.route("/", api);

  app.get("/admin/*", (c) => {
    const path = c.req.path.slice("/admin".length) || "/";
    const file = resolveFile(adminRoot, path);
    if (file && !file.path.endsWith(".html")) return sendFile(c, file);
    // Every other /admin path is a client-side route of the SPA.
    const index = resolveFile(adminRoot, "/index.html");
    if (!index) return c.text("The admin has not been built yet: run npm run build:admin", 503);
    return sendFile(c, index);
  });
  app.get("/admin", (c) => c.redirect("/admin/", 301));

  // Badges makers embed: served fresh from the database (the rating moves), cached an hour.
  app.get("/badge/:file{[^/]+\\.svg}", async (c) => {
    const slug = c.req.param("file").slice(0, -".svg".length);
    const tool = await getPublicTool(options.db, { slug });
    if (!tool) return c.text("No such tool", 404);
    const theme = c.req.query("theme") === "dark" ? "dark" : "light";
    const svg = badgeSvg(tool, theme);
    const etag = `"${createHash("sha1").update(svg).digest("base64url")}"`;
    const headers = {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=3600",
      etag,
      // Opened on its own, the image can run and load nothing.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "cross-origin-resource-policy": "cross-origin",
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    return c.body(svg, 200, headers);
  });

  // The site's own images (media/images.ts): named by content hash, so a name never changes meaning.
  const mediaRoot = resolve(options.settings.MEDIA_DIR);
  app.on(["GET", "HEAD"], "/media/*", (c) => {
    const name = new URL(c.req.url).pathname.slice("/media/".length);
    // Only names the store writes: no path, no traversal, nothing else under the folder.
    const size = MEDIA_FILE.test(name) ? fileSize(join(mediaRoot, name)) : null;
    if (size === null) return c.text("Not found", 404);
    const headers = {
      "content-type": "image/webp",
      "content-length": String(size),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${name.slice(0, -".webp".length)}"`,
    };
    if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, headers);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(Readable.toWeb(createReadStream(join(mediaRoot, name))) as ReadableStream, 200, headers);
  });

  // Social cards (rebuild/card-store.ts): named by the hash of what they show, shared by every build.
  // A card a full build left pending is drawn here when asked for before the background drain drew it.
  const cardsRoot = cardsDir(options.siteDir);
  const onDemand = new CardsOnDemand(cardsRoot, mediaRoot);
  app.on(["GET", "HEAD"], "/cards/*", async (c) => {
    const name = new URL(c.req.url).pathname.slice("/cards/".length);
    // Only names the store writes: no path, no traversal, nothing else under the folder.
    const hash = CARD_FILE.exec(name)?.[1];
    if (!hash) return c.text("Not found", 404);
    let size = fileSize(join(cardsRoot, name));
    let drawn: Buffer | null = null;
    if (size === null) {
      if (!(await hasPending(cardsRoot, hash))) return c.text("Not found", 404);
      const drawing = onDemand.draw(hash);
      if (drawing === "busy") return c.text("The card is being drawn. Try again shortly.", 503, { "retry-after": "5" });
      drawn = await drawing;
      // The background drain may have drawn it (and dropped the entry) meanwhile.
      if (!drawn) size = fileSize(join(cardsRoot, name));
      if (!drawn && size === null) return c.text("Not found", 404);
    }
    const headers = {
      "content-type": "image/png",
      "content-length": String(drawn?.length ?? size),
      "cache-control": "public, max-age=31536000, immutable",
      etag: `"${hash}"`,
    };
    if (c.req.header("if-none-match") === headers.etag) return c.body(null, 304, headers);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    if (drawn) return c.body(new Uint8Array(drawn), 200, headers);
    return c.body(Readable.toWeb(createReadStream(join(cardsRoot, name))) as ReadableStream, 200, headers);
  });

  const results = options.results ? new ResultsPages(options.db, options.settings, site, options.results) : null;
  app.on(["GET", "HEAD"], "*", async (c) => {
    const drawn = results ? await results.answer(c) : null;
    if (drawn) return drawn;
    const path = c.req.path;
    const file = site.lookup(path === "/sitemap.xml" ? "/sitemap-index.xml" : path);
    if (file) {
      const response = site.send(c, file);
      const robots = robotsTagFor(path, new URL(c.req.url).search);
      if (robots) response.headers.set("x-robots-tag", robots);
      return response;
    }
    const fallback = await fallbackFor(options.db, path, (page) => site.lookup(page) !== null);
    if (fallback?.redirect) return c.redirect(fallback.redirect + new URL(c.req.url).search, 301);
    const shell = fallback?.page ? site.lookup(fallback.page) : null;
    if (shell) return site.send(c, shell, fallback?.status ?? 200);
    const notFound = site.lookup("/404.html");
    if (notFound) return site.send(c, notFound, 404);
    if (!existsSync(siteRoot))
      return c.text("The site is being built. Refresh in a moment.", 503, { "retry-after": "5" });
    return c.text("Not found", 404);
  });
  return { app, site };
}

/** A regular file's size, or null for anything else or nothing. */
function fileSize(path: string): number | null {
  try {
    const stats = statSync(path);
    return stats.isFile() ? stats.size : null;
  } catch {
    return null;
  }
}

/** Whether visitors reach the site over https: its configured public origin says so. */
function servedOverHttps(settings: Settings): boolean {
  return settings.PUBLIC_URL?.startsWith("https:") ?? false;
}

/**
 * The node request handler: pre-rendered files held in memory are written straight to the
 * socket (the hot path of a directory); everything else goes through the Hono app.
 */
export function createNodeHandler(options: ServerOptions) {
  const https = servedOverHttps(options.settings);
  const { app, site } = createServer(options);
  const listener = getRequestListener(app.fetch);
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (pathTooLong(path)) {
      const answer = tooLong(path);
      const https = req.headers["x-forwarded-proto"] === "https";
      res.writeHead(414, { "content-type": answer.type, ...securityHeaderValues(answer.type, path, https) });
      res.end(answer.body);
      return;
    }
    const query = (req.url ?? "").slice(path.length);
    const drawnOnRequest = options.results && requestedView(path, query);
    if (
      (method === "GET" || method === "HEAD") &&
      !drawnOnRequest &&
      !path.startsWith("/api") &&
      !path.startsWith("/admin")
    ) {
      const entry = site.lookup(path === "/sitemap.xml" ? "/sitemap-index.xml" : path);
      const answer = entry
        ? site.answer(entry, {
            method,
            acceptEncoding: req.headers["accept-encoding"],
            ifNoneMatch: req.headers["if-none-match"],
            ifModifiedSince: req.headers["if-modified-since"],
          })
        : null;
      if (answer) {
        const robots = robotsTagFor(path, query);
        res.writeHead(answer.status, {
          ...answer.headers,
          ...(robots ? { "x-robots-tag": robots } : {}),
          ...securityHeaderValues(answer.headers["content-type"] ?? null, path, https),
        });
        res.end(answer.body ?? undefined);
        return;
      }
    }
    void listener(req, res);
  };
}
