import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import { defineConfig } from "astro/config";

const site = process.env.PUBLIC_URL ?? "http://localhost:4321";
const privatePages = /\/(account|submit|edit-tool|payment-success|blog\/404)\/?$/;

export default defineConfig({
  srcDir: "./site",
  publicDir: "./site/public",
  outDir: process.env.SITE_OUT_DIR ?? "./dist",
  site,
  output: "static",
  trailingSlash: "ignore",
  build: { format: "directory", inlineStylesheets: "never" },
  integrations: [react(), sitemap({ filter: (page) => !privatePages.test(new URL(page).pathname) })],
  devToolbar: { enabled: false },
  vite: {
    server: { proxy: { "/api": `http://127.0.0.1:${process.env.API_PORT ?? 4322}` } },
  },
});
