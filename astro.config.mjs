import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import react from "@astrojs/react";
import { defineConfig } from "astro/config";
import { MEMBER_MARK_SCRIPT } from "./lib/session.ts";
import { THEME_INIT_SCRIPT } from "./lib/theme.ts";

const sha256 = (text) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

/**
 * The toast library injects its stylesheet as one <style> element at runtime; the CSP allows
 * exactly that stylesheet by its hash, computed from the installed version.
 */
function toasterStyleHash() {
  const source = readFileSync(
    createRequire(import.meta.url)
      .resolve("sonner")
      .replace(/index\.js$/, "index.mjs"),
    "utf8",
  );
  const literal = source.match(/__insertCSS\("((?:[^"\\]|\\.)*)"\)/)?.[1];
  if (literal === undefined) throw new Error("sonner: injected stylesheet not found; update the CSP hash logic");
  return sha256(JSON.parse(`"${literal}"`));
}

/**
 * Every public page hydrates React, the header (session, toasts) and the footer's newsletter box
 * once the visitor interacts (site/directives/interact.ts): one chunk holds them all (with what
 * they import), which compresses far better than the dozen small chunks the automatic split makes
 * of them, and is cached once for the whole site.
 */
const everyPageChunk = {
  name: "base",
  test: (id) =>
    /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/.test(id) ||
    /site[\\/]islands[\\/](HeaderNav|NewsletterSignup)\.tsx$/.test(id),
};

/**
 * The small pieces a tool's listing shows wherever it appears (cards, a tool page, the account):
 * one chunk instead of six, each of which cost a request and its own compression overhead.
 */
const listingChunk = {
  name: "listing",
  test: /site[\\/](components[\\/]react[\\/](PricingBadge|SaveButton)\.tsx|lib[\\/]tool-href\.ts)$|[\\/]lib[\\/](pricing|format|media|words)\.ts$/,
};

/** `client:interact` (site/directives/interact.ts): islands that hydrate on the visitor's first interaction. */
const interactDirective = {
  name: "client-interact",
  hooks: {
    "astro:config:setup": ({ addClientDirective }) =>
      addClientDirective({ name: "interact", entrypoint: "./site/directives/interact.ts" }),
  },
};

// Canonical, og:url and og:image are absolute: PUBLIC_URL, or (in development without it) the
// port this server listens on, which render workers inherit in their environment.
const site = process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 4321}`;

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  outDir: process.env.SITE_OUT_DIR ?? "./dist",
  site,
  output: "static",
  trailingSlash: "ignore",
  // The stylesheet is small: inlined, it no longer blocks the first render (its hash joins the
  // CSP). Several pages are rendered at once, so rendering one overlaps writing the others to disk.
  build: { format: "directory", inlineStylesheets: "always", concurrency: 16 },
  // The sitemap is pages of its own (site/pages/sitemap-*.xml.ts), so an incremental pass can
  // re-render it with the pages it lists.
  integrations: [react(), interactDirective],
  devToolbar: { enabled: false },
  markdown: { syntaxHighlight: false },
  // Hashes for Astro's own inline scripts and styles go into a CSP <meta>; the server adds the
  // directives a meta tag cannot carry (frame-ancestors).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        "frame-src https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ],
      // The theme and the member mark are set inline before first paint (lib/theme.ts,
      // lib/session.ts); Astro hashes only the scripts it bundles, so their hashes are added here,
      // from the very strings the layout serves.
      scriptDirective: { hashes: [sha256(THEME_INIT_SCRIPT), sha256(MEMBER_MARK_SCRIPT)] },
      // Inline style attributes (layout tweaks) are allowed; inline <style> and scripts need hashes.
      styleDirective: {
        resources: ["'self'", { resource: "'unsafe-inline'", kind: "attribute" }],
        // The toaster first inserts an empty <style>, then fills it: both states must be allowed.
        hashes: [toasterStyleHash(), sha256("")],
      },
    },
  },
  vite: {
    server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 4322}` } },
    environments: {
      client: { build: { rolldownOptions: { output: { codeSplitting: { groups: [everyPageChunk, listingChunk] } } } } },
    },
  },
});
