import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { adminIsCurrent, buildAdmin } from "./build-admin";

/**
 * npm run test:e2e: a fresh database and site for every run, then Playwright in Debian's
 * Chromium (never a downloaded browser). The server is started by Playwright's webServer.
 */
const dataDir = process.env.E2E_DATA_DIR ?? "data/e2e";
rmSync(dataDir, { recursive: true, force: true });
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
const run = (args: string[]) => spawnSync(process.execPath, args, { stdio: "inherit", env: process.env }).status ?? 1;
if (!adminIsCurrent() && !buildAdmin()) process.exit(1);
process.exit(run(["node_modules/@playwright/test/cli.js", "test", ...process.argv.slice(2)]));
