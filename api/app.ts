import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { isUniqueViolation } from "../db/client";
import { lastBuild } from "../db/queries/builds";
import { pingDatabase } from "../db/queries/maintenance";
import { SlugConflict } from "../db/queries/slugs";
import { InvalidMail } from "../mail/outbox";
import { configureImageConversion } from "../media/images";
import type { AppEnv, Deps } from "./context";
import { handleMcp } from "./mcp";
import { apiQuota } from "./middleware/api-quota";
import { resolveUser } from "./middleware/auth";
import { openApiDocument } from "./openapi";
import { configureHashing, PasswordCheckBusy, PasswordChecksInFlight } from "./passwords";
import { apiRouter, route } from "./route";
import { accountRoutes } from "./routes/account";
import { accountLinkRoutes } from "./routes/account-links";
import { adminRoutes } from "./routes/admin/index";
import { analyticsRoutes } from "./routes/analytics";
import { apiKeyRoutes } from "./routes/api-keys";
import { articleRoutes } from "./routes/articles";
import { authRoutes } from "./routes/auth";
import { autofillRoutes } from "./routes/autofill";
import { categoryRoutes } from "./routes/categories";
import { claimRoutes } from "./routes/claims";
import { dealRoutes, toolDealRoutes } from "./routes/deals";
import { fastTrackRoutes } from "./routes/fast-track";
import { mailRoutes } from "./routes/mail";
import { newsletterRoutes } from "./routes/newsletter";
import { paymentRoutes } from "./routes/payments";
import { reportRoutes } from "./routes/reports";
import { reviewRoutes } from "./routes/reviews";
import { searchRoutes } from "./routes/search";
import { sponsorRoutes } from "./routes/sponsors";
import { tagRoutes } from "./routes/tags";
import { toolRoutes } from "./routes/tools";

/**
 * Event-loop delay for /api/health: the p99 of the current window and the one before it. A window
 * is 30 s, or lasts until the next read after that (turned over when read, with no timer), so a
 * slow start-up does not stay in the figure.
 */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const WINDOW_MS = 30_000;
let windowStart = performance.now();
let previousWindowP99 = 0;
const recentLoopDelayP99 = () => {
  const now = performance.now();
  if (now - windowStart >= WINDOW_MS) {
    previousWindowP99 = loopDelay.percentile(99);
    loopDelay.reset();
    windowStart = now;
  }
  return Math.max(previousWindowP99, loopDelay.percentile(99));
};

/** Routes that take a file (multipart) under their own size limit. */
const UPLOAD_PATHS = /\/(upload-csv|tools\/\d+\/logo|tools\/\d+\/screenshots|sponsors\/images)\/?$/;

/**
 * Builds the API from its dependencies. Every path lives under /api, a trailing slash is optional
 * (strict: false), and every failure answers `{ "detail": "..." }`.
 */
export function createApp(deps: Deps) {
  const { settings } = deps;
  configureHashing(settings.SCRYPT_MEMORY_BUDGET_MB);
  configureImageConversion(settings.IMAGE_CONVERT_WORKERS);
  const api = apiRouter();

  api.use("*", async (c, next) => {
    const started = performance.now();
    c.set("deps", deps);
    c.set("requestId", c.req.header("x-request-id")?.slice(0, 64) || randomUUID());
    await next();
    c.header("x-request-id", c.var.requestId);
    c.header("cache-control", c.res.headers.get("cache-control") ?? "no-store");
    // One structured line per API request, tied to the request id the client also receives.
    if (settings.LOG_REQUESTS) {
      console.log(
        JSON.stringify({
          level: "info",
          request_id: c.var.requestId,
          // Which server process answered, when several share the port (WEB_CONCURRENCY).
          pid: process.pid,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
          user_id: c.var.user?.id ?? null,
        }),
      );
    }
  });

  // JSON bodies are capped (413); the CSV and image upload routes set their own limits.
  api.use("*", async (c, next) => {
    if (c.req.method === "POST" && UPLOAD_PATHS.test(c.req.path)) return next();
    return bodyLimit({
      maxSize: settings.MAX_JSON_BYTES,
      onError: (ctx) => ctx.json({ detail: `Request body is larger than ${settings.MAX_JSON_BYTES} bytes` }, 413),
    })(c, next);
  });
  const quota = apiQuota(deps.db, settings);
  api.use("*", quota);
  api.use("*", resolveUser);

  api.openapi(
    route({
      operationId: "getHealth",
      method: "get",
      path: "/health",
      summary: "Readiness: database reachable, last site build",
      access: "public",
    }),
    async (c) => {
      try {
        await pingDatabase(deps.db);
      } catch (error) {
        console.error(JSON.stringify({ level: "error", request_id: c.var.requestId, health: String(error) }));
        return c.json({ status: "unavailable", database: "unreachable", detail: "The database is unreachable" }, 503);
      }
      const build = await lastBuild(deps.db);
      return c.json({
        // A failed build leaves the previous site live: the process still serves, so it stays in
        // rotation (200), and monitoring sees "degraded".
        status: build?.outcome === "failed" ? "degraded" : "ok",
        database: "ok",
        last_build: build ? { outcome: build.outcome, finished_at: build.finished_at } : null,
        memory_rss_mb: Math.round(process.memoryUsage().rss / 1024 / 1024),
        event_loop_delay_p99_ms: Math.round(recentLoopDelayP99() / 1e4) / 100,
      });
    },
  );
  api.openapi(
    route({
      operationId: "getOpenApiDocument",
      method: "get",
      path: "/openapi.json",
      summary: "This document",
      access: "public",
    }),
    (c) => c.json(openApiDocument(api)),
  );

  api.route("/auth", authRoutes);
  api.route("/auth", accountLinkRoutes);
  api.route("/mail", mailRoutes);
  api.route("/auth", accountRoutes);
  api.route("/newsletter", newsletterRoutes);
  api.route("/tools", autofillRoutes);
  api.route("/tools", toolRoutes);
  api.route("/tools", claimRoutes);
  api.route("/tools", reportRoutes);
  api.route("/tools", analyticsRoutes);
  api.route("/tools", fastTrackRoutes);
  api.route("/tools", toolDealRoutes);
  api.route("/deals", dealRoutes);
  api.route("/categories", categoryRoutes);
  api.route("/reviews", reviewRoutes);
  api.route("/tags", tagRoutes);
  api.route("/search", searchRoutes);
  api.route("/articles", articleRoutes);
  api.route("/payments", paymentRoutes);
  api.route("/sponsors", sponsorRoutes);
  api.route("/admin", adminRoutes);
  api.route("/keys", apiKeyRoutes);

  // Unknown /api paths answer JSON here rather than falling through to the static site.
  api.all("*", (c) => c.json({ detail: "Not found" }, 404));
  api.notFound((c) => c.json({ detail: "Not found" }, 404));
  api.onError((error, c) => {
    if (error instanceof HTTPException) {
      const res = error.getResponse();
      if (res.headers.get("content-type")?.includes("application/json")) return res;
      return c.json({ detail: error.message || "Request failed" }, error.status);
    }
    // A write that lost every race for a slug to other processes.
    if (error instanceof SlugConflict) return c.json({ detail: error.message }, 409);
    // A write that lost a race to another process on a unique index the route did not expect.
    if (isUniqueViolation(error, "")) {
      return c.json({ detail: "This conflicts with a change made at the same moment. Please try again." }, 409);
    }
    if (error instanceof PasswordChecksInFlight) {
      c.header("retry-after", "1");
      return c.json({ detail: "Too many password checks from your address at once: wait for them to finish" }, 429);
    }
    // A message that cannot be sent as asked (an address or subject that could inject a header).
    if (error instanceof InvalidMail) return c.json({ detail: error.message }, 422);
    if (error instanceof PasswordCheckBusy) {
      c.header("retry-after", "2");
      return c.json({ detail: "Too many sign-ins at once, please try again in a few seconds" }, 503);
    }
    console.error(
      JSON.stringify({
        level: "error",
        request_id: c.var.requestId,
        path: c.req.path,
        error: String(error?.stack ?? error),
      }),
    );
    return c.json({ detail: "Internal Server Error" }, 500);
  });

  const app = new Hono<AppEnv>({ strict: false });
  app.route("/api", api);
  // The read-only MCP server for AI agents, on the same quota as the public read API.
  app.on(["GET", "POST", "DELETE"], "/mcp", quota, (c) => handleMcp(c, deps));
  return Object.assign(app, { api });
}
