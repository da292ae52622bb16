import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { loadSettings, type Settings } from "../../config/settings";
import { type Db, migrateDb, openDb } from "../../db/client";
import { createUser, markEmailVerified, setSubscription } from "../../db/queries/users";
import { createApp } from "../app";
import { createStripe } from "../clients";
import type { Deps } from "../context";
import { hashPassword } from "../passwords";
import { type LocalStripe, startLocalStripe } from "../stripe-local/server";
import { signToken } from "../tokens";

export type Harness = {
  app: ReturnType<typeof createApp>;
  db: Db;
  settings: Settings;
  stripe: LocalStripe;
  changes: string[];
  /** Creates a user directly in the database and returns a bearer token for it. */
  user: (opts?: {
    email?: string;
    role?: "user" | "admin";
    pro?: boolean;
    password?: string;
    /** Whether the address is confirmed (default true, as an admin's "Mark verified" leaves it). */
    verified?: boolean;
  }) => Promise<{ id: number; email: string; token: string }>;
  /**
   * JSON request helper: returns status, headers and parsed body. `address` is the socket
   * address the request comes from, as the node server would pass it (default: none, "local").
   */
  call: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string>; address?: string },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /**
   * Delivers `checkout.session.completed` for `session` to the webhook, signed as Stripe signs it
   * (`eventId`: the event's id, random unless given).
   */
  completeCheckout: (
    session: unknown,
    options?: { eventId?: string },
  ) => Promise<{ status: number; body: any; headers: Headers }>;
  /**
   * Another server process: an app on its own connection to the same database file, each query
   * a round trip away (as with a libSQL server), so concurrent requests interleave between
   * queries. `request` returns the status and parsed body.
   */
  otherProcess: () => Promise<{
    request: (method: string, path: string, token: string, body?: unknown) => Promise<{ status: number; body: any }>;
    close: () => void;
  }>;
  close: () => Promise<void>;
};

let counter = 0;
/** Signs test webhooks only: generateTestHeaderString needs no key of an account. */
const webhookSigner = new Stripe("sk_test_signer");
const fastHash = hashPassword("password-123");

/**
 * A fresh app on a fresh embedded database file (real libSQL, real migrations) and a local
 * Stripe-compatible server driven through the real Stripe SDK.
 */
export async function createHarness(overrides: Partial<Record<string, string>> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "aitools-test-"));
  const stripe = await startLocalStripe({ webhookUrl: () => "" });
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: `file:${join(dir, "test.db")}`,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    // Every in-process request comes from one address ("local"): limits that would otherwise
    // stop a long test file; tests of the limits pass their own.
    AUTH_RATE_LIMIT: "1000",
    AUTH_ADDRESS_LIMIT: "100000",
    AUTH_SIGNUP_LIMIT: "100000",
    WRITE_RATE_LIMIT: "1000",
    API_ANON_LIMIT: "1000000",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    ...overrides,
  } as NodeJS.ProcessEnv);
  const db = await openDb({ url: settings.DATABASE_URL });
  await migrateDb(db);
  const changes: string[] = [];
  const app = { current: null as unknown as ReturnType<typeof createApp> };
  const deps: Deps = {
    db,
    settings,
    stripe: createStripe(stripe.secretKey, { host: "127.0.0.1", port: stripe.port, protocol: "http" }),
    onContentChange: (reason) => changes.push(reason),
  };
  app.current = createApp(deps);

  const harness: Harness = {
    app: app.current,
    db,
    settings,
    stripe,
    changes,
    async user(opts = {}) {
      const email = opts.email ?? `user${++counter}-${Date.now()}@example.com`;
      const hash = opts.password ? await hashPassword(opts.password) : await fastHash;
      const user = await createUser(db, email, hash, opts.role ?? "user");
      if (!user) throw new Error(`could not create ${email}`);
      if (opts.pro) await setSubscription(db, user.id, "pro");
      if (opts.verified !== false) await markEmailVerified(db, user.id);
      return { id: user.id, email: user.email, token: await signToken(settings.jwtSecret, user.id, 0, "1h") };
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(opts.body);
      }
      const env = opts.address ? { incoming: { socket: { remoteAddress: opts.address } } } : undefined;
      const res = await app.current.request(`http://localhost${path}`, { method, headers, body }, env as never);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers };
    },
    completeCheckout(session, options = {}) {
      const payload = JSON.stringify({
        id: options.eventId ?? `evt_${Math.random().toString(36).slice(2)}`,
        object: "event",
        type: "checkout.session.completed",
        data: { object: session },
      });
      const header = webhookSigner.webhooks.generateTestHeaderString({
        payload,
        secret: settings.STRIPE_WEBHOOK_SECRET ?? "",
      });
      return harness.call("POST", "/api/payments/webhook", {
        raw: payload,
        headers: { "content-type": "application/json", "stripe-signature": header },
      });
    },
    async otherProcess() {
      const other = await openDb({ url: settings.DATABASE_URL });
      const client = other.$client;
      const roundTrip = () => new Promise((resolve) => setTimeout(resolve, 2));
      const execute = client.execute.bind(client);
      const batch = client.batch.bind(client);
      client.execute = (async (...args: Parameters<typeof execute>) => {
        await roundTrip();
        return execute(...args);
      }) as typeof client.execute;
      client.batch = (async (...args: Parameters<typeof batch>) => {
        await roundTrip();
        return batch(...args);
      }) as typeof client.batch;
      const otherApp = createApp({ ...deps, db: other });
      return {
        async request(method, path, token, body) {
          const res = await otherApp.request(`http://localhost${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await res.text();
          return { status: res.status, body: text ? JSON.parse(text) : null };
        },
        close: () => client.close(),
      };
    },
    async close() {
      await stripe.close();
      db.$client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
