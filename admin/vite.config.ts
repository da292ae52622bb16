import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/** The react-admin back office, served by the product's server under /admin. */
export default defineConfig({
  root,
  base: "/admin/",
  plugins: [react()],
  build: { outDir: `${root}dist`, emptyOutDir: true, chunkSizeWarningLimit: 2500 },
  server: { proxy: { "/api": "http://127.0.0.1:4321" } },
});
