import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

/** An on/off setting, written `true` or `false`, read as a boolean. */
const flag = () => z.enum(["true", "false"]).transform((value) => value === "true");

/** Where the site's own copies of images are kept unless MEDIA_DIR says otherwise. */
export const DEFAULT_MEDIA_DIR = "data/media";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: z.string().default("file:data/app.db"),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  DATABASE_SYNC_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  JWT_SECRET_FILE: z.string().default("data/jwt-secret"),
  TOKEN_TTL: z.string().default("7d"),
  // Empty counts as unset (PUBLIC_URL= in an env file).
  PUBLIC_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .url()
      .refine((url) => /^https?:\/\//i.test(url), "must be an http(s) address")
      .optional(),
  ),
  SITE_DIR: z.string().default("data/site"),
  ADMIN_EMAILS: z.string().default(""),
  MAX_JSON_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MAX_CSV_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),

  /**
   * How long a stopping server (SIGTERM, SIGINT) waits for requests in flight before it exits
   * anyway; keep it under the platform's own kill deadline.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().positive().default(15_000),

  /** Tool creates, updates and deletes and review posts a member may make per window; admins are exempt. */
  WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  WRITE_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  /**
   * Saves and unsaves a member may make per hour (each moves a count the pages show, so each is
   * re-rendered); admins are exempt.
   */
  SAVE_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  /**
   * The public read API's and /mcp's quota per API_QUOTA_WINDOW_MS: per address without an API key,
   * per key with one (api/middleware/api-quota.ts).
   */
  API_ANON_LIMIT: z.coerce.number().int().positive().default(300),
  API_KEY_LIMIT: z.coerce.number().int().positive().default(3000),
  API_QUOTA_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** "Fill from website" reads a member may ask for per hour (each fetches up to two pages). */
  AUTOFILL_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  /**
   * The optional description writer for autofill: an OpenAI-compatible endpoint (its /chat/completions),
   * its key and model. Unset (or empty): off, the page's own description is kept.
   */
  LLM_BASE_URL: z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional()),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().min(1).default("gpt-4o-mini"),
  /** Render processes a full site build is split across; unset: one per core. */
  BUILD_WORKERS: z.coerce.number().int().min(1).max(64).optional(),

  STRIPE_SECRET_KEY: z.string().optional(),
  /** Days of Pro one purchase buys: its featured tool is unfeatured and the member free again after. */
  FEATURE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  /** How often sponsor weeks are started and ended and deals ended (jobs/sponsor-weeks.ts, jobs/deal-expiry.ts). */
  SPONSOR_WEEKS_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Tests only (refused in production): a file holding the ISO time the sponsor-weeks and deal jobs take as now. */
  SPONSOR_CLOCK_FILE: z.string().optional(),
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(3000),
  REBUILD_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  /** Failed sign-ins for one account from one address per window (then 429); also where the account delay starts. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  /** Failed password checks from one address per window, whatever the account (then 429). */
  AUTH_ADDRESS_LIMIT: z.coerce.number().int().positive().default(50),
  /** Cap of the growing delay before each sign-in to an account that keeps failing (never a lockout). */
  AUTH_ACCOUNT_DELAY_MAX_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  /** Sign-ups per address per hour. */
  AUTH_SIGNUP_LIMIT: z.coerce.number().int().positive().default(300),
  /** Which peers may name the client in X-Forwarded-For: off, a hop count, or a comma list of proxy addresses. */
  TRUST_PROXY: z.string().default(""),
  /**
   * Test-only: server-side fetches (site verification) may reach loopback addresses, so tests
   * can serve the sites they check. Refused in production.
   */
  FETCH_ALLOW_LOOPBACK: flag().default(false),
  /**
   * Whether the process that builds the site also checks that listed websites live (jobs/link-checker.ts).
   * Unset: on in production only, so a demo on a machine without internet does not flag every tool.
   */
  LINK_CHECKS: flag().optional(),
  /** How often a healthy website is checked. */
  LINK_CHECK_INTERVAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** Websites checked at once (one at a time per host whatever this says). */
  LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  /** Days a tool's daily figures (views, clicks, saves) are kept for its owner. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(31).max(3650).default(400),
  /** Page-view beacons counted per address per hour; past it they are answered but not counted. */
  ANALYTICS_VIEWS_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  /** Most visitor hashes the view dedup set holds in a day; past it views stop being counted until the next day. */
  ANALYTICS_MAX_VISITORS: z.coerce.number().int().positive().default(2_000_000),
  /**
   * Most of the day's visitor hashes one network (an IPv4 /24, an IPv6 /48) may add: filling the
   * day's set, which stops everyone's views being counted, then takes a hundred networks.
   */
  ANALYTICS_VISITORS_PER_NETWORK: z.coerce.number().int().positive().default(20_000),
  /**
   * Memory (MiB) that password hashing may use at once: each scrypt hash (N=2^17, r=8) takes
   * 128 MiB, so this decides how many run in parallel (never more than cores - 1).
   */
  SCRYPT_MEMORY_BUDGET_MB: z.coerce.number().int().min(128).default(512),
  /**
   * Whether pages get a social card (og:image, drawn at build time into SITE_DIR/cards/, served
   * under /cards/). false: no og:image, and a build draws nothing.
   */
  SOCIAL_CARDS: flag().default(true),
  /** Where the site's own copies of logos and screenshots are kept (served under /media/). */
  MEDIA_DIR: z.string().default(DEFAULT_MEDIA_DIR),
  /**
   * Whether the process that builds the site fetches the images tools name (jobs/image-fetcher.ts)
   * and keeps its own copies. Unset: on.
   */
  IMAGE_FETCHES: flag().default(true),
  /** Images fetched and converted at once. */
  IMAGE_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * Images decoded at once, each in a child process of its own (media/convert-pool.ts), under a
   * deadline and a memory cap: uploads and fetches share them, never the threads of sign-ins.
   */
  IMAGE_CONVERT_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  /** How often a stored image's original URL is fetched again (a changed picture replaces the copy). */
  IMAGE_REFRESH_DAYS: z.coerce.number().positive().max(3650).default(30),
  SEED_DEMO: flag().default(true),
  /**
   * false: an API-only process that serves SITE_DIR as it finds it and never renders (more
   * machines behind a load balancer; one process with the builder keeps the site current).
   */
  SITE_BUILDER: flag().default(true),
  /** Server processes sharing the port (node:cluster); the primary process runs the builds. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_REQUESTS: flag().optional(),
  /** The SMTP server mail goes through (smtp://user:pass@host:587); unset outside production: a local catcher. */
  SMTP_URL: z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional()),
  /** The From of every message. */
  MAIL_FROM: z.string().default("AI Tools Directory <no-reply@localhost>"),
  /** off: send no mail at all (the outbox still fills); production without SMTP_URL needs it said. */
  MAIL: z.enum(["on", "off"]).default("on"),
  /** Messages the sender hands to the SMTP server per minute. */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /** Whether a member must confirm their address before submitting a tool. */
  SUBMIT_REQUIRES_VERIFIED_EMAIL: flag().default(true),
});

/** The settings every server and script runs on: read once at start, never changed after. */
export type Settings = Readonly<
  Omit<z.infer<typeof schema>, "LINK_CHECKS" | "LOG_REQUESTS"> & {
    LINK_CHECKS: boolean;
    LOG_REQUESTS: boolean;
    jwtSecret: Uint8Array;
    adminEmails: string[];
    trustProxy: TrustProxy;
  }
>;

/**
 * The origins the site may send a browser back to (checkout success and cancel URLs, the
 * `origin_url` check): PUBLIC_URL's origin, or without it (development and tests) the loopback
 * origins of the configured port. Never the request's Host header, which the client chooses.
 * The first one is the default.
 */
export function siteOrigins(settings: Pick<Settings, "PUBLIC_URL" | "PORT">): string[] {
  if (settings.PUBLIC_URL) return [new URL(settings.PUBLIC_URL).origin];
  const port = settings.PORT;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];
}

/**
 * Reads settings from the environment once, failing fast with one line per bad field. Locally a
 * JWT secret is generated and kept in data/; production refuses to start without a strong one.
 */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join("\n")}`);
  }
  const s = parsed.data;
  if (s.NODE_ENV === "production" && !s.PUBLIC_URL) {
    throw new Error(
      "PUBLIC_URL is required in production (the site's public address, e.g. https://aitools.example.com): " +
        "checkout return URLs are built from it, never from the request's Host header",
    );
  }
  if (s.NODE_ENV === "production" && !s.SMTP_URL && s.MAIL !== "off") {
    throw new Error(
      "SMTP_URL is required in production (smtp://user:password@host:587), or MAIL=off to send no mail: " +
        "password resets and address confirmations go by mail",
    );
  }
  if (/[\r\n]/.test(s.MAIL_FROM)) throw new Error("Invalid settings:\n  MAIL_FROM: must be one line");
  if (s.NODE_ENV === "production" && s.SPONSOR_CLOCK_FILE) {
    throw new Error("SPONSOR_CLOCK_FILE is for tests only and cannot be set in production");
  }
  if (s.NODE_ENV === "production" && s.FETCH_ALLOW_LOOPBACK) {
    throw new Error("FETCH_ALLOW_LOOPBACK is for tests only and cannot be set in production");
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(s.TRUST_PROXY);
  } catch (error) {
    throw new Error(`Invalid settings:\n  ${(error as Error).message}`);
  }
  let secret = s.JWT_SECRET;
  if (!secret) {
    if (s.NODE_ENV === "production") throw new Error("JWT_SECRET is required in production");
    if (existsSync(s.JWT_SECRET_FILE)) secret = readFileSync(s.JWT_SECRET_FILE, "utf8").trim();
    else {
      secret = randomBytes(48).toString("base64url");
      mkdirSync(dirname(s.JWT_SECRET_FILE), { recursive: true });
      writeFileSync(s.JWT_SECRET_FILE, secret, { mode: 0o600 });
    }
  }
  if (Buffer.byteLength(secret) < 32) throw new Error("JWT_SECRET must be at least 32 bytes");
  return Object.freeze({
    ...s,
    // Request logs are on by default except in tests, where they would drown the report.
    LOG_REQUESTS: s.LOG_REQUESTS ?? s.NODE_ENV !== "test",
    // Link checks are on in production only unless set, so a demo on a machine without internet
    // does not flag every tool.
    LINK_CHECKS: s.LINK_CHECKS ?? s.NODE_ENV === "production",
    jwtSecret: new TextEncoder().encode(secret),
    trustProxy,
    adminEmails: s.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  });
}

/**
 * What a render worker and a card drainer run on. The process that starts one hands these on as
 * its environment (renderEnv), and the child reads them back by the same rules (renderSettings),
 * so both agree on every default.
 */
const renderSchema = schema
  .pick({
    PUBLIC_URL: true,
    DATABASE_URL: true,
    DATABASE_AUTH_TOKEN: true,
    MEDIA_DIR: true,
    SOCIAL_CARDS: true,
    FEATURE_DAYS: true,
    // The quotas /developers states.
    API_ANON_LIMIT: true,
    API_KEY_LIMIT: true,
    API_QUOTA_WINDOW_MS: true,
  })
  .extend({
    /** The social card store of the site being built (absolute: a renderer works in a folder of its own). */
    CARDS_DIR: z.string().default(""),
  });

export type RenderSettings = Readonly<z.infer<typeof renderSchema>>;

let renderSettingsOfProcess: RenderSettings | null = null;

/** This render process's settings, read from its environment once. */
export function renderSettings(env: NodeJS.ProcessEnv = process.env): RenderSettings {
  if (env !== process.env) return Object.freeze(renderSchema.parse(env));
  renderSettingsOfProcess ??= Object.freeze(renderSchema.parse(env));
  return renderSettingsOfProcess;
}

/** The environment that hands `values` on to a render process (unset values are left out). */
export function renderEnv(values: Partial<RenderSettings>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) env[key] = String(value);
  return env;
}
