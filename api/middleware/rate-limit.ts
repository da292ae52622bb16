import type { Context, MiddlewareHandler } from "hono";
import { every } from "hono/combine";
import { rateLimiter } from "hono-rate-limiter";
import type { AppEnv } from "../context";

/** Client address from the socket (node server); "local" when the app is called in-process. */
export function clientAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "local";
}

async function emailOf(c: Context): Promise<string> {
  try {
    const body = (await c.req.raw.clone().json()) as { email?: unknown };
    return typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
  } catch {
    return "";
  }
}

/**
 * Brute-force protection for sign-in and sign-up: a budget per client address and another per
 * account, so neither one address nor many addresses can hammer one account. 429 + Retry-After.
 */
export function authRateLimits(): MiddlewareHandler<AppEnv> {
  // One limiter per settings object (one per app), built on first use.
  const limiters = new WeakMap<object, MiddlewareHandler<AppEnv>>();
  return async (c, next) => {
    const settings = c.var.deps.settings;
    let limiter = limiters.get(settings);
    if (!limiter) {
      limiter = buildLimiter(settings.AUTH_RATE_LIMIT, settings.AUTH_RATE_WINDOW_MS);
      limiters.set(settings, limiter);
    }
    return limiter(c, next);
  };
}

function buildLimiter(limit: number, windowMs: number): MiddlewareHandler<AppEnv> {
  const handler = (c: Context) => {
    const retry = c.res.headers.get("retry-after") ?? String(Math.ceil(windowMs / 1000));
    return c.json({ detail: "Too many attempts. Please try again later." }, 429, { "retry-after": retry });
  };
  return every(
    rateLimiter<AppEnv>({
      windowMs,
      limit,
      keyGenerator: (c) => `ip:${clientAddress(c)}`,
      handler,
      standardHeaders: "draft-6",
    }),
    rateLimiter<AppEnv>({
      windowMs,
      limit,
      keyGenerator: async (c) => `email:${(await emailOf(c)) || `none:${clientAddress(c)}`}`,
      handler,
      standardHeaders: "draft-6",
    }),
  );
}
