import { defineConfig } from "@playwright/test";
import { SERVER_HEAP_FLAGS } from "./config/server-heap";

const port = Number(process.env.E2E_PORT ?? 4391);
const dataDir = process.env.E2E_DATA_DIR ?? "data/e2e";

export default defineConfig({
  testDir: "e2e",
  // Guards against a hang, not estimates: every wait follows the event it waits for (an element,
  // a response, the site's build list), and a build takes as long as a busy machine needs.
  // A missing element fails its step after a minute instead of holding the whole run.
  timeout: 300_000,
  expect: { timeout: 60_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
    actionTimeout: 60_000,
    navigationTimeout: 120_000,
    trace: "off",
  },
  webServer: {
    // The same Node as this run (24), whatever node is first on PATH.
    command: `${process.execPath} node_modules/tsx/dist/cli.mjs ${SERVER_HEAP_FLAGS.join(" ")} scripts/start.ts`,
    // The home page answers 503 until the first site build is live (the event waited for).
    url: `http://127.0.0.1:${port}/`,
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dataDir}/app.db`,
      SITE_DIR: `${dataDir}/site`,
      MEDIA_DIR: `${dataDir}/media`,
      JWT_SECRET_FILE: `${dataDir}/jwt-secret`,
      REBUILD_DEBOUNCE_MS: "500",
      REBUILD_INTERVAL_MS: "0",
      AUTH_RATE_LIMIT: "200",
      WRITE_RATE_LIMIT: "200",
      // Every spec browses from this one address.
      API_ANON_LIMIT: "100000",
      NODE_ENV: "test",
      // The claim story serves the maker's website from this machine.
      FETCH_ALLOW_LOOPBACK: "true",
      // The sponsor story moves the sponsor-weeks job's clock by writing this file.
      SPONSOR_CLOCK_FILE: `${dataDir}/sponsor-clock`,
      SPONSOR_WEEKS_INTERVAL_MS: "500",
    },
  },
});
