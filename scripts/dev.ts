import { spawn } from "node:child_process";

/**
 * npm run dev: the API (reloaded on change) on API_PORT and Astro's dev server on PORT, which
 * proxies /api to it. The admin has its own Vite dev server: npx vite --config admin/vite.config.ts.
 */
const apiPort = process.env.API_PORT ?? "4322";
const sitePort = process.env.PORT ?? "4321";
const children = [
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "scripts/api-dev.ts"], {
    stdio: "inherit",
    // Browsers see the site on Astro's port: that is the API's public origin (checkout return URLs).
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${sitePort}` },
  }),
  spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "dev", "--port", sitePort], {
    stdio: "inherit",
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
