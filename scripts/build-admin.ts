import { spawnSync } from "node:child_process";

/**
 * Builds the admin SPA into admin/dist. Always a production bundle, whatever NODE_ENV the caller
 * runs under (tests run with NODE_ENV=test, which would otherwise bundle React's development
 * build, three times larger and noisy in the console). Returns whether it succeeded.
 */
export function buildAdmin(): boolean {
  const result = spawnSync(
    process.execPath,
    ["node_modules/vite/bin/vite.js", "build", "--config", "admin/vite.config.ts", "--logLevel", "warn"],
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  return result.status === 0;
}
