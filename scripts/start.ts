import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { hashPassword } from "../api/passwords";
import { createStripe, openDatabase } from "../api/runtime";
import { createNodeHandler } from "../api/server";
import { loadSettings } from "../api/settings";
import { SiteBuilder } from "../api/site-builder";
import { startLocalStripe } from "../api/stripe-local/server";
import { findUserByEmail, setRole } from "../db/queries/users";
import { seed } from "../db/seed";

/** Migrates, seeds an empty database, builds what is missing, then serves everything on one port. */
async function main() {
  const settings = loadSettings();
  const db = await openDatabase(settings);

  if (settings.SEED_DEMO === "true") {
    const demoPassword = settings.NODE_ENV === "production" ? null : "demo-password";
    const result = await seed(db, hashPassword, demoPassword);
    if (result.seeded) console.log("demo directory seeded");
    for (const a of result.accounts) console.log(`  demo ${a.role}: ${a.email} / ${a.password}`);
  }
  for (const email of settings.adminEmails) {
    const user = await findUserByEmail(db, email);
    if (user && user.role !== "admin") await setRole(db, user.id, "admin");
  }

  let stripe = null;
  let stopLocalStripe: (() => Promise<void>) | null = null;
  if (settings.STRIPE_SECRET_KEY) {
    stripe = createStripe(
      settings.STRIPE_SECRET_KEY,
      settings.STRIPE_API_HOST
        ? {
            host: settings.STRIPE_API_HOST,
            port: settings.STRIPE_API_PORT ?? 443,
            protocol: settings.STRIPE_API_PROTOCOL ?? "https",
          }
        : undefined,
    );
  } else if (settings.NODE_ENV !== "production") {
    // No key: a local Stripe-compatible checkout (test mode) so the demo can buy Pro end to end.
    const local = await startLocalStripe({ webhookUrl: () => `http://127.0.0.1:${port}/api/payments/webhook` });
    settings.STRIPE_WEBHOOK_SECRET = local.webhookSecret;
    stripe = createStripe(local.secretKey, { host: "127.0.0.1", port: local.port, protocol: "http" });
    stopLocalStripe = local.close;
    console.log(`payments: local test-mode checkout on http://127.0.0.1:${local.port}`);
  }

  const builder = new SiteBuilder({
    db,
    siteDir: settings.SITE_DIR,
    databaseUrl: settings.DATABASE_URL,
    debounceMs: settings.REBUILD_DEBOUNCE_MS,
    env: { DATABASE_AUTH_TOKEN: settings.DATABASE_AUTH_TOKEN, PUBLIC_URL: settings.PUBLIC_URL },
  });

  const handler = createNodeHandler({
    db,
    settings,
    stripe,
    siteDir: settings.SITE_DIR,
    onContentChange: (reason, tools) => (tools ? builder.toolsChanged(reason, tools) : builder.markDirty(reason)),
    rebuild: builder,
  });
  let port = settings.PORT;
  const server = createHttpServer(handler);
  server.listen(settings.PORT, settings.HOST, () => {
    port = (server.address() as AddressInfo).port;
    console.log(`AI Tools Directory on http://${settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST}:${port}`);
  });

  if (!existsSync("admin/dist/index.html")) {
    console.log("building the admin (first run)...");
    try {
      execFileSync(
        process.execPath,
        ["node_modules/vite/bin/vite.js", "build", "--config", "admin/vite.config.ts", "--logLevel", "warn"],
        {
          stdio: "inherit",
        },
      );
    } catch {
      console.error("the admin build failed: /admin answers 503 until `npm run build:admin` succeeds");
    }
  }
  if (!builder.hasBuild()) {
    console.log("building the public site (first run)...");
    await builder.now("first start");
  } else {
    void builder.prepare();
  }
  if (settings.REBUILD_INTERVAL_MS > 0) {
    setInterval(() => builder.markDirty("scheduled"), settings.REBUILD_INTERVAL_MS).unref();
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight requests`);
    server.close(async () => {
      await builder.idle();
      builder.close();
      await stopLocalStripe?.();
      db.$client.close();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
