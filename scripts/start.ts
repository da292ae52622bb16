import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import { createStripe, openDatabase } from "../api/clients";
import { FeaturePeriods } from "../api/feature-periods";
import { gracefulClose } from "../api/graceful-close";
import { ImageFetcher } from "../api/image-fetcher";
import { LinkChecker } from "../api/link-checker";
import { hashPassword, verifyPassword } from "../api/passwords";
import { createNodeHandler } from "../api/server";
import { loadSettings } from "../api/settings";
import { startLocalStripe } from "../api/stripe-local/server";
import { AnalyticsRetention } from "../api/view-counter";
import type { Db } from "../db/client";
import { articlesNameImage } from "../db/queries/images";
import { getTool } from "../db/queries/tools";
import { findUserByEmail, promoteAdmins, revokeTokens } from "../db/queries/users";
import { seed } from "../db/seed";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoPasswordFor } from "../lib/demo";
import { type BuildMessage, SiteBuilder } from "../rebuild";
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
  if (settings.SEED_DEMO === "true") {
    // Production seeds the directory but never the demo sign-ins.
    const result = await seed(db, hashPassword, demoPasswordFor(settings.NODE_ENV), {
      mediaDir: settings.MEDIA_DIR,
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

/**
 * The Stripe client. Without a key outside production, a local Stripe-compatible checkout (test
 * mode) lets the demo buy Pro end to end; with several processes the primary runs it and hands
 * its address to the workers, so every process sees the same checkout sessions.
 */
async function startPayments(port: () => number): Promise<{ stripe: Stripe | null; stop: () => Promise<void> }> {
  if (!settings.STRIPE_SECRET_KEY && settings.NODE_ENV !== "production") {
    const local = await startLocalStripe({ webhookUrl: () => `http://127.0.0.1:${port()}/api/payments/webhook` });
    settings.STRIPE_SECRET_KEY = local.secretKey;
    settings.STRIPE_WEBHOOK_SECRET = local.webhookSecret;
    settings.STRIPE_API_HOST = "127.0.0.1";
    settings.STRIPE_API_PORT = local.port;
    settings.STRIPE_API_PROTOCOL = "http";
    console.log(`payments: local test-mode checkout on http://127.0.0.1:${local.port}`);
    return { stripe: stripeClient(), stop: local.close };
  }
  return { stripe: stripeClient(), stop: async () => {} };
}

function stripeClient(): Stripe | null {
  if (!settings.STRIPE_SECRET_KEY) return null;
  return createStripe(
    settings.STRIPE_SECRET_KEY,
    settings.STRIPE_API_HOST
      ? {
          host: settings.STRIPE_API_HOST,
          port: settings.STRIPE_API_PORT ?? 443,
          protocol: settings.STRIPE_API_PROTOCOL ?? "https",
        }
      : undefined,
  );
}

/** The admin SPA, built once on a first run (not by API-only processes, which build nothing). */
function buildAdminIfMissing() {
  if (settings.SITE_BUILDER === "false" || adminIsCurrent()) return;
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
  if (settings.SITE_BUILDER === "false") return null;
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
    },
    workers: settings.BUILD_WORKERS,
    mediaDir: settings.MEDIA_DIR,
  });
}

function listen(
  db: Db,
  stripe: Stripe | null,
  build: { change: (message: BuildMessage) => void; now: (reason: string) => Promise<unknown> } | null,
) {
  const handler = createNodeHandler({
    db,
    settings,
    stripe,
    siteDir: settings.SITE_DIR,
    onContentChange: build
      ? (reason, tools, tags, records) => build.change({ type: "content-change", reason, tools, tags, records })
      : undefined,
    rebuild: build ? { now: build.now } : undefined,
  });
  const server = createHttpServer(handler);
  const close = gracefulClose(server);
  // Longer than the 60 s idle timeout of common load balancers, so they never reuse a connection
  // this server has just closed (which shows up as sporadic 502s).
  server.keepAliveTimeout = 65_000;
  // A request must arrive whole within a minute (headers within 20 s): a client that trickles a
  // body, or sends less than it announced, no longer holds a connection for Node's 5 minutes.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  let port = settings.PORT;
  server.listen(settings.PORT, settings.HOST, () => {
    port = (server.address() as AddressInfo).port;
    // PORT=0 (tests) picks a free port: the loopback origins of checkout (without PUBLIC_URL)
    // are those of the port actually listened on.
    settings.PORT = port;
    if (!cluster.isWorker || cluster.worker?.id === 1) {
      const host = settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST;
      const processes = settings.WEB_CONCURRENCY > 1 ? ` (${settings.WEB_CONCURRENCY} processes)` : "";
      console.log(`AI Tools Directory on http://${host}:${port}${processes}`);
    }
  });
  return { server, close, port: () => port };
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
 * The link checker runs beside the site builder (one per deployment): a pass a minute over the
 * sites that are due; a flag that changes re-renders the tool's pages.
 */
function startLinkChecker(db: Db, change: ((message: BuildMessage) => void) | null): LinkChecker | null {
  const enabled = settings.LINK_CHECKS ? settings.LINK_CHECKS === "true" : settings.NODE_ENV === "production";
  if (!enabled || !change) return null;
  const checker = new LinkChecker({
    db,
    concurrency: settings.LINK_CHECK_CONCURRENCY,
    intervalMs: settings.LINK_CHECK_INTERVAL_HOURS * 3_600_000,
    allowLoopback: settings.FETCH_ALLOW_LOOPBACK === "true",
    onFlagChange: (tool) =>
      void getTool(db, { id: tool.id }).then((now) =>
        change({ type: "content-change", reason: `link check: ${tool.slug}`, tools: now ? [now] : [] }),
      ),
  });
  checker.start(60_000);
  return checker;
}

/**
 * The image fetcher runs beside the site builder (one per deployment): a pass a minute, and one
 * after every content change, so a new or changed logo or screenshot URL is fetched at once; a
 * stored copy that changed re-renders the pages of the tools naming it.
 */
function startImageFetcher(db: Db, change: ((message: BuildMessage) => void) | null): ImageFetcher | null {
  if (settings.IMAGE_FETCHES !== "true" || !change) return null;
  const fetcher = new ImageFetcher({
    db,
    mediaDir: settings.MEDIA_DIR,
    concurrency: settings.IMAGE_FETCH_CONCURRENCY,
    refreshMs: settings.IMAGE_REFRESH_DAYS * 86_400_000,
    allowLoopback: settings.FETCH_ALLOW_LOOPBACK === "true",
    onImageChange: (url, ids) => {
      void Promise.all(ids.map((id) => getTool(db, { id }))).then((found) => {
        // As they were: without this copy, so the pages showing their cards re-render too.
        const tools = found.flatMap((t) => (t ? [{ ...t, media: { logo: null, screenshots: [] } }] : []));
        if (tools.length) change({ type: "content-change", reason: `image stored: ${url}`, tools });
      });
      // An article's image shows on the blog pages that read it.
      void articlesNameImage(db, url).then((named) => {
        if (named)
          change({
            type: "content-change",
            reason: `image stored: ${url} (an article's)`,
            tools: [],
            records: [{ kind: "image", url }],
          });
      });
    },
    onSweep: ({ removed, bytes }) => {
      if (removed) console.log(`images: ${removed} stored files no row names removed (${Math.round(bytes / 1024)} KB)`);
    },
  });
  fetcher.start(60_000);
  return fetcher;
}

/** Content changes go to the builder, and wake the image fetcher (a tool may name a new image). */
function changeHandler(builder: SiteBuilder | null, images: () => ImageFetcher | null) {
  if (!builder) return null;
  return (message: BuildMessage) => {
    builder.apply(message);
    if (message.type === "content-change" && !message.reason.startsWith("image stored:"))
      void images()
        ?.pass()
        .catch((error) => console.error("image pass failed", error));
  };
}

/** Features and Pro periods that run out end by themselves, beside the site builder. */
function startFeaturePeriods(db: Db, change: ((message: BuildMessage) => void) | null): FeaturePeriods | null {
  if (!change) return null;
  const periods = new FeaturePeriods(db, (reason, tools) => change({ type: "content-change", reason, tools }));
  periods.start();
  return periods;
}

/**
 * Ends each analytics day (its salt and visitor hashes) and prunes old daily figures, in every
 * deployment shape: a purge is idempotent, so processes that each run one do no harm.
 */
function startAnalyticsRetention(db: Db): AnalyticsRetention {
  const retention = new AnalyticsRetention(db, settings.ANALYTICS_RETENTION_DAYS);
  retention.start();
  return retention;
}

async function single() {
  const db = await prepareDatabase();
  let port = () => settings.PORT;
  const payments = await startPayments(() => port());
  const builder = startBuilder(db);
  // Before the first request: a build of another database is never served.
  const rebuild = (await builder?.checkLive()) ?? null;
  let images: ImageFetcher | null = null;
  const change = changeHandler(builder, () => images);
  const http = listen(
    db,
    payments.stripe,
    builder &&
      change && {
        change,
        now: (reason) => builder.now(reason),
      },
  );
  port = http.port;
  buildAdminIfMissing();
  await builder?.start(rebuild);
  const checker = startLinkChecker(db, builder && ((message) => builder.apply(message)));
  const periods = startFeaturePeriods(db, builder && ((message) => builder.apply(message)));
  const retention = startAnalyticsRetention(db);
  images = startImageFetcher(db, builder && ((message) => builder.apply(message)));
  onShutdown(
    (done) => http.close(done),
    async () => {
      periods?.stop();
      retention.stop();
      await checker?.stop();
      await images?.stop();
      await builder?.idle();
      builder?.close();
      await payments.stop();
      db.$client.close();
    },
  );
}

async function primary() {
  const db = await prepareDatabase();
  const payments = await startPayments(() => settings.PORT);
  const builder = startBuilder(db);
  const rebuild = (await builder?.checkLive()) ?? null;
  let images: ImageFetcher | null = null;
  const change = changeHandler(builder, () => images);
  buildAdminIfMissing();
  // Workers inherit the payment settings the primary resolved (the local checkout's address).
  const env = {
    STRIPE_SECRET_KEY: settings.STRIPE_SECRET_KEY ?? "",
    STRIPE_WEBHOOK_SECRET: settings.STRIPE_WEBHOOK_SECRET ?? "",
    STRIPE_API_HOST: settings.STRIPE_API_HOST ?? "",
    STRIPE_API_PORT: settings.STRIPE_API_PORT ? String(settings.STRIPE_API_PORT) : "",
    STRIPE_API_PROTOCOL: settings.STRIPE_API_PROTOCOL ?? "",
    SEED_DEMO: "false",
  };
  const fork = () => {
    const worker = cluster.fork(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
    worker.on("message", (message: BuildMessage) => change?.(message));
  };
  for (let i = 0; i < settings.WEB_CONCURRENCY; i++) fork();
  let stopping = false;
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    console.error(`server process ${worker.process.pid} exited (${code ?? signal}); starting another`);
    fork();
  });
  await builder?.start(rebuild);
  const checker = startLinkChecker(db, builder && ((message) => builder.apply(message)));
  const periods = startFeaturePeriods(db, builder && ((message) => builder.apply(message)));
  const retention = startAnalyticsRetention(db);
  images = startImageFetcher(db, builder && ((message) => builder.apply(message)));
  onShutdown(
    (done) => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
      const wait = () => (Object.keys(cluster.workers ?? {}).length === 0 ? done() : setTimeout(wait, 50));
      wait();
    },
    async () => {
      periods?.stop();
      retention.stop();
      await checker?.stop();
      await images?.stop();
      await builder?.idle();
      builder?.close();
      await payments.stop();
      db.$client.close();
    },
  );
}

async function worker() {
  const db = await openDatabase(settings);
  const send = (message: BuildMessage) => process.send?.(message);
  const http = listen(
    db,
    stripeClient(),
    settings.SITE_BUILDER === "false"
      ? null
      : { change: send, now: async (reason) => send({ type: "rebuild-now", reason }) },
  );
  onShutdown(
    (done) => http.close(done),
    async () => db.$client.close(),
  );
}

const main = settings.WEB_CONCURRENCY <= 1 ? single : cluster.isPrimary ? primary : worker;
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
