import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** What the admin bundle is made from: its sources, the shared rules it imports, the lockfile. */
// The analytics chart is shared with the account page, so it lives with the site's components.
const ADMIN_SOURCES = [
  "admin/src",
  "admin/index.html",
  "admin/vite.config.ts",
  "lib",
  "site/components/react/ToolAnalytics.tsx",
  "package-lock.json",
];
const STAMP = "admin/dist/.sources";

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (!statSync(path).isDirectory()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
}

/** A fingerprint of every file the bundle is built from. */
export function adminSourceHash(): string {
  const hash = createHash("sha256");
  for (const file of ADMIN_SOURCES.flatMap((p) => [...files(p)])) hash.update(file).update(readFileSync(file));
  return hash.digest("hex");
}

/** Whether admin/dist holds a bundle of the current sources (a pulled update makes it stale). */
export function adminIsCurrent(): boolean {
  return existsSync("admin/dist/index.html") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === adminSourceHash();
}

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
  if (result.status !== 0) return false;
  writeFileSync(STAMP, adminSourceHash());
  return true;
}

// `npm run build:admin`
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(buildAdmin() ? 0 : 1);
