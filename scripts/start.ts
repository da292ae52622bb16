import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { createStripe, openDatabase } from "../api/clients";
import { gracefulClose } from "../api/graceful-close";
import { hashPassword, verifyPassword } from "../api/passwords";
import { createNodeHandler } from "../api/server";
import { startLocalStripe } from "../api/stripe-local/server";
import { loadSettings, type Settings } from "../config/settings";
import { closeDb, type Db } from "../db/client";
import { findUserByEmail, promoteAdmins, revokeTokens } from "../db/queries/users";
import { seed } from "../db/seed";
import { type Jobs, startJobs } from "../jobs";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoPasswordFor } from "../lib/demo";
import { startOutgoingMail } from "../mail/outgoing";
import { imageStore } from "../media/images";
import { type BuildMessage, SiteBuilder } from "../rebuild";
import { renderResults } from "../site/on-request/results-page";
import { adminIsCurrent, buildAdmin } from "./build-admin";

/**
 * npm start: migrates, seeds an empty database, builds what is missing, then serves everything
 * on one port. With WEB_CONCURRENCY=N, N server processes share the port (node:cluster) and the
 * embedded database; the primary process owns the site builder and the workers send it their
 * content changes, so there is one renderer and one build at a time.
 */
const settings = (() => {
  try {
    return loadSettings();
  } catch (error) {
    // A settings error is for the operator: its message, not a stack trace.
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

async function prepareDatabase(): Promise<Db> {
  const db = await openDatabase(settings);
  if (settings.SEED_DEMO) {
    // Production seeds the directory but never the demo sign-ins.
    const result = await seed(db, hashPassword, demoPasswordFor(settings.NODE_ENV), {
      images: imageStore(settings.MEDIA_DIR),
    });
    if (result.seeded) console.log("demo directory seeded");
    for (const a of result.accounts) console.log(`  demo ${a.role}: ${a.email} / ${a.password}`);
  }
  if (settings.NODE_ENV === "production") await disableDemoAccounts(db);
  // ADMIN_EMAILS promotes accounts that already exist, here and only here; it creates none.
  const { promoted, missing } = await promoteAdmins(db, settings.adminEmails);
  for (const user of promoted) {
    console.log(`ADMIN_EMAILS: ${user.email} (account created ${user.created_at}) is now an admin`);
  }
  for (const email of missing) {
    console.log(
      `ADMIN_EMAILS: no account for ${email}; none is created (run npm run admin:create -- ${email} to make one)`,
    );
  }
  return db;
}

/**
 * A database that still holds the demo accounts with the published demo password (a development
 * database taken to production): they cannot sign in there (the sign-in refuses that password),
 * and their earlier tokens are revoked here. Says so, so the operator can remove them.
 */
async function disableDemoAccounts(db: Db) {
  for (const { email } of DEMO_ACCOUNTS) {
    const user = await findUserByEmail(db, email);
    if (!user || !(await verifyPassword(DEMO_PASSWORD, user.password_hash))) continue;
    await revokeTokens(db, user.id);
    console.warn(
      `warning: ${email} still has the published demo password; it cannot sign in in production ` +
        "(give it a new password with npm run admin:create -- <email> --password <new>, or delete it)",
    );
  }
}

/** What the server's payments run on: the settings' own, or the local checkout's. */
type PaymentSettings = Partial<
  Pick<
    Settings,
    "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET" | "STRIPE_API_HOST" | "STRIPE_API_PORT" | "STRIPE_API_PROTOCOL"
  >
>;

/**
 * Without a Stripe key outside production, a local Stripe-compatible checkout (test mode) lets
 * the demo buy Pro end to end; with several processes the primary runs it and hands its address
 * to the workers, so every process sees the same checkout sessions.
 */
async function startPayments(port: () => number): Promise<{ settings: PaymentSettings; stop: () => Promise<void> }> {
  if (!settings.STRIPE_SECRET_KEY && settings.NODE_ENV !== "production") {
    const local = await startLocalStripe({ webhookUrl: () => `http://127.0.0.1:${port()}/api/payments/webhook` });
    console.log(`payments: local test-mode checkout on http://127.0.0.1:${local.port}`);
    return {
      settings: {
        STRIPE_SECRET_KEY: local.secretKey,
        STRIPE_WEBHOOK_SECRET: local.webhookSecret,
        STRIPE_API_HOST: "127.0.0.1",
        STRIPE_API_PORT: local.port,
        STRIPE_API_PROTOCOL: "http",
      },
      stop: local.close,
    };
  }
  return { settings: {}, stop: async () => {} };
}

function stripeClient(s: Settings): Stripe | null {
  if (!s.STRIPE_SECRET_KEY) return null;
  return createStripe(
    s.STRIPE_SECRET_KEY,
    s.STRIPE_API_HOST
      ? { host: s.STRIPE_API_HOST, port: s.STRIPE_API_PORT ?? 443, protocol: s.STRIPE_API_PROTOCOL ?? "https" }
      : undefined,
  );
}

/** The admin SPA, built once on a first run (not by API-only processes, which build nothing). */
function buildAdminIfMissing() {
  if (!settings.SITE_BUILDER || adminIsCurrent()) return;
  console.log(
    existsSync("admin/dist/index.html")
      ? "rebuilding the admin (its sources changed)..."
      : "building the admin (first run)...",
  );
  if (!buildAdmin()) {
    console.error("the admin build failed: /admin answers 503 until `npm run build:admin` succeeds");
  }
}

/** The site builder of this deployment, or null when this process builds nothing (SITE_BUILDER=false). */
function startBuilder(db: Db): SiteBuilder | null {
  if (!settings.SITE_BUILDER) return null;
  return new SiteBuilder({
    db,
    siteDir: settings.SITE_DIR,
    databaseUrl: settings.DATABASE_URL,
    debounceMs: settings.REBUILD_DEBOUNCE_MS,
    intervalMs: settings.REBUILD_INTERVAL_MS,
    env: {
      DATABASE_AUTH_TOKEN: settings.DATABASE_AUTH_TOKEN,
      PUBLIC_URL: settings.PUBLIC_URL,
      SOCIAL_CARDS: settings.SOCIAL_CARDS,
      FEATURE_DAYS: settings.FEATURE_DAYS,
      API_ANON_LIMIT: settings.API_ANON_LIMIT,
      API_KEY_LIMIT: settings.API_KEY_LIMIT,
      API_QUOTA_WINDOW_MS: settings.API_QUOTA_WINDOW_MS,
    },
    workers: settings.BUILD_WORKERS,
    mediaDir: settings.MEDIA_DIR,
  });
}

/**
 * Listens, then serves with the settings as they are served: the port actually listened on
 * (PORT=0 in tests picks a free one, and checkout's loopback origins without PUBLIC_URL are that
 * port's) and the payments this process resolved.
 */
function listen(
  db: Db,
  payments: PaymentSettings,
  build: { change: (message: BuildMessage) => void; now: (reason: string) => Promise<unknown> } | null,
): Promise<{ close: (done: () => void) => void; port: number }> {
  const server = createHttpServer();
  const close = gracefulClose(server);
  // Longer than the 60 s idle timeout of common load balancers, so they never reuse a connection
  // this server has just closed (which shows up as sporadic 502s).
  server.keepAliveTimeout = 65_000;
  // A request must arrive whole within a minute (headers within 20 s): a client that trickles a
  // body, or sends less than it announced, no longer holds a connection for Node's 5 minutes.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  return new Promise((resolve, reject) => {
    // A port already taken (another copy still running) is the operator's to fix: say so plainly.
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${settings.PORT} on ${settings.HOST} is already in use: stop whatever is listening there, or set PORT to another port.`,
            )
          : error,
      ),
    );
    server.listen(settings.PORT, settings.HOST, () => {
      const port = (server.address() as AddressInfo).port;
      const served: Settings = Object.freeze({ ...settings, ...payments, PORT: port });
      const handler = createNodeHandler({
        db,
        settings: served,
        stripe: stripeClient(served),
        siteDir: served.SITE_DIR,
        onContentChange: build
          ? (reason, tools, tags, records) => build.change({ type: "content-change", reason, tools, tags, records })
          : undefined,
        rebuild: build ? { now: build.now } : undefined,
        results: renderResults,
      });
      server.on("request", handler);
      if (!cluster.isWorker || cluster.worker?.id === 1) {
        const host = settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST;
        const processes = settings.WEB_CONCURRENCY > 1 ? ` (${settings.WEB_CONCURRENCY} processes)` : "";
        console.log(`AI Tools Directory on http://${host}:${port}${processes}`);
      }
      resolve({ close, port });
    });
  });
}

/** Finishes in-flight requests and the running build, then exits. */
function onShutdown(close: (done: () => void) => void, cleanup: () => Promise<void>) {
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`${signal}: finishing in-flight requests`);
    close(async () => {
      await cleanup();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), settings.SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The site builder and the background jobs of the process that owns them (one per deployment),
 * and their one cleanup. Content changes go to the builder and wake the jobs (a tool may name a
 * new image); the jobs report their own changes to the builder.
 */
async function startBackground(db: Db) {
  const builder = startBuilder(db);
  // Before the first request: a build of another database is never served.
  const rebuild = (await builder?.checkLive()) ?? null;
  let jobs: Jobs | null = null;
  let mail: Awaited<ReturnType<typeof startOutgoingMail>> = null;
  const change =
    builder &&
    ((message: BuildMessage) => {
      builder.apply(message);
      jobs?.contentChanged(message);
    });
  return {
    builder,
    change,
    /** Starts rendering and the jobs, once the server takes requests. */
    async start() {
      await builder?.start(rebuild);
      // One mail sender per deployment, beside the builder (its rate is the deployment's).
      mail = builder ? await startOutgoingMail(settings) : null;
      jobs = startJobs({ db, settings, change: builder && ((message) => builder.apply(message)), mail });
    },
    async stop() {
      await jobs?.stop();
      await mail?.stop();
      await builder?.idle();
      builder?.close();
    },
  };
}

async function single() {
  const db = await prepareDatabase();
  let port = settings.PORT;
  const payments = await startPayments(() => port);
  const background = await startBackground(db);
  const { builder, change } = background;
  const http = await listen(
    db,
    payments.settings,
    builder && change && { change, now: (reason) => builder.now(reason) },
  );
  port = http.port;
  buildAdminIfMissing();
  await background.start();
  onShutdown(
    (done) => http.close(done),
    async () => {
      await background.stop();
      await payments.stop();
      await closeDb(db);
    },
  );
}

async function primary() {
  const db = await prepareDatabase();
  const payments = await startPayments(() => settings.PORT);
  const background = await startBackground(db);
  buildAdminIfMissing();
  // Workers read the payment settings the primary resolved (the local checkout's address).
  const env = { ...stringValues(payments.settings), SEED_DEMO: "false" };
  const fork = () => {
    const worker = cluster.fork(env);
    worker.on("message", (message: BuildMessage) => background.change?.(message));
  };
  for (let i = 0; i < settings.WEB_CONCURRENCY; i++) fork();
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} exited (${code ?? signal}); starting another`);
    fork();
  });
  await background.start();
  onShutdown(
    (done) => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      const wait = () => (Object.keys(cluster.workers ?? {}).length === 0 ? done() : setTimeout(wait, 50));
      wait();
    },
    async () => {
      await background.stop();
      await payments.stop();
      await closeDb(db);
    },
  );
}

/** Settings as environment for a child process, which parses them by the same rules. */
function stringValues(values: Record<string, string | number | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
}

async function worker() {
  const db = await openDatabase(settings);
  const send = (message: BuildMessage) => process.send?.(message);
  const http = await listen(
    db,
    {},
    settings.SITE_BUILDER ? { change: send, now: async (reason) => send({ type: "rebuild-now", reason }) } : null,
  );
  onShutdown(
    (done) => http.close(done),
    () => closeDb(db),
  );
}

const main = settings.WEB_CONCURRENCY <= 1 ? single : cluster.isPrimary ? primary : worker;
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
