import { spawn } from "node:child_process";

/**
 * npm run dev: the API (reloaded on change) on API_PORT and Astro's dev server on PORT, which
 * proxies /api to it. The admin has its own Vite dev server: npx vite --config admin/vite.config.ts.
 */
const apiPort = process.env.API_PORT ?? "4322";
const children = [
  spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "watch", "scripts/api-dev.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "dev", "--port", process.env.PORT ?? "4321"], {
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
