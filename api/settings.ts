import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";

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
  PUBLIC_URL: z.string().url().optional(),
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

  /** Tool creates, updates and deletes and review posts a member may make per window; admins are exempt. */
  WRITE_RATE_LIMIT: z.coerce.number().int().positive().default(30),
  WRITE_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),

  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(3000),
  REBUILD_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  /**
   * false: an API-only process that serves SITE_DIR as it finds it and never renders (more
   * machines behind a load balancer; one process with the builder keeps the site current).
   */
  SITE_BUILDER: z.enum(["true", "false"]).default("true"),
  /** Server processes sharing the port (node:cluster); the primary process runs the builds. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  LOG_REQUESTS: z.enum(["true", "false"]).optional(),
});

export type Settings = z.infer<typeof schema> & { jwtSecret: Uint8Array; adminEmails: string[] };

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
  return {
    ...s,
    // Request logs are on by default except in tests, where they would drown the report.
    LOG_REQUESTS: s.LOG_REQUESTS ?? (s.NODE_ENV === "test" ? "false" : "true"),
    jwtSecret: new TextEncoder().encode(secret),
    adminEmails: s.ADMIN_EMAILS.split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  };
}
