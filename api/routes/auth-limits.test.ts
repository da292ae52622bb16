import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

// These tests count hundreds of password checks: scrypt (half a second each here) is replaced by
// a plain comparison so they measure the limits, not the hash. auth.test.ts runs the main
// scenario with the real hash.
vi.mock("../passwords", async (importOriginal) => {
  const real = await importOriginal<typeof import("../passwords")>();
  const hashPassword = async (password: string) => `plain$${password}`;
  return {
    ...real,
    hashPassword,
    verifyPassword: async (password: string, stored: string) => stored === `plain$${password}`,
    dummyHash: hashPassword("nobody-has-this-password"),
  };
});

/** Settings as shipped (the harness raises the limits for the other test files). */
const DEFAULTS = { AUTH_RATE_LIMIT: "10", AUTH_ADDRESS_LIMIT: "50", AUTH_SIGNUP_LIMIT: "300" };

let counter = 0;
const addr = () => `198.51.100.${++counter % 250}`;
const signin = (h: Harness, email: string, password: string, address: string, headers?: Record<string, string>) =>
  h.call("POST", "/api/auth/signin", { body: { email, password }, address, headers });

describe("sign-in limits (defaults)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ ...DEFAULTS, AUTH_ACCOUNT_DELAY_MAX_MS: "100" });
  });
  afterAll(async () => h.close());

  it("lets the right password in from a fresh address after 10 failures from 10 addresses", async () => {
    const admin = await h.user({ email: "admin-limits@example.com", role: "admin", password: "the-right-password" });
    for (let i = 1; i <= 10; i++) {
      expect((await signin(h, admin.email, "wrong-guess", `203.0.113.${i}`)).status).toBe(401);
    }
    const ok = await signin(h, admin.email, "the-right-password", "203.0.113.11");
    expect(ok.status).toBe(200);
    expect(ok.body.user.role).toBe("admin");
  });

  it("only slows an account failing from many addresses, up to the cap, and never refuses it", async () => {
    const user = await h.user({ email: "spread@example.com", password: "spread-password" });
    for (let i = 1; i <= 30; i++) expect((await signin(h, user.email, "nope-nope", `192.0.2.${i}`)).status).toBe(401);
    const started = performance.now();
    const ok = await signin(h, user.email, "spread-password", "192.0.2.200");
    const waited = performance.now() - started;
    expect(ok.status).toBe(200);
    expect(waited).toBeGreaterThanOrEqual(90); // the capped delay (100 ms here) was applied
    expect(waited).toBeLessThan(2000);
  });

  it("answers 429 with Retry-After to one address after 50 failures, whatever the accounts", async () => {
    const address = "198.18.0.7";
    for (let i = 0; i < 50; i++) {
      // A new e-mail each time: the per-account budgets never come into play.
      expect((await signin(h, `guess${i}@example.com`, "wrong-guess", address)).status).toBe(401);
    }
    const blocked = await signin(h, "guess-next@example.com", "wrong-guess", address);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many attempts/);
    const retry = Number(blocked.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another address is not concerned.
    expect((await signin(h, "guess-next@example.com", "wrong-guess", "198.18.0.8")).status).toBe(401);
  });

  it("answers 429 to an (account, address) pair after 10 failures; other addresses still get in", async () => {
    const user = await h.user({ email: "pair@example.com", password: "pair-password" });
    const address = "198.18.1.1";
    for (let i = 0; i < 10; i++) expect((await signin(h, user.email, "bad-password", address)).status).toBe(401);
    expect((await signin(h, user.email, "pair-password", address)).status).toBe(429);
    expect((await signin(h, user.email, "pair-password", "198.18.1.2")).status).toBe(200);
  });

  it("counts neither successes nor malformed requests", async () => {
    const user = await h.user({ email: "busy@example.com", password: "busy-password" });
    const address = "198.18.2.1";
    for (let i = 0; i < 60; i++) expect((await signin(h, user.email, "busy-password", address)).status).toBe(200);
    for (let i = 0; i < 60; i++) {
      const res = await h.call("POST", "/api/auth/signin", { body: { email: "not-an-email" }, address });
      expect(res.status).toBe(422);
    }
    expect((await signin(h, user.email, "busy-password", address)).status).toBe(200);
  });

  it("resets a pair at a success", async () => {
    const user = await h.user({ email: "forgetful@example.com", password: "forgetful-password" });
    const address = "198.18.3.1";
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await signin(h, user.email, "typo-typo", address)).status).toBe(401);
      expect((await signin(h, user.email, "forgetful-password", address)).status).toBe(200);
    }
  });

  it("ignores X-Forwarded-For without TRUST_PROXY", async () => {
    const address = "198.18.4.1";
    for (let i = 0; i < 50; i++) {
      const res = await signin(h, `spoof${i}@example.com`, "wrong-guess", address, { "x-forwarded-for": addr() });
      expect(res.status).toBe(401);
    }
    const res = await signin(h, "spoof-next@example.com", "wrong-guess", address, { "x-forwarded-for": addr() });
    expect(res.status).toBe(429);
  });

  it("limits wrong current passwords at change-password", async () => {
    const user = await h.user({ email: "changer@example.com", password: "changer-password" });
    const change = (current: string) =>
      h.call("POST", "/api/auth/change-password", {
        token: user.token,
        address: "198.18.5.1",
        body: { current_password: current, new_password: "a-new-password" },
      });
    for (let i = 0; i < 10; i++) expect((await change("not-it-at-all")).status).toBe(403);
    const blocked = await change("changer-password");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Sign-in is a budget of its own: the owner still signs in.
    expect((await signin(h, user.email, "changer-password", "198.18.5.1")).status).toBe(200);
  });
});

describe("sign-up limits", () => {
  it("lets 30 people behind one address sign up within a minute", async () => {
    const h = await createHarness(DEFAULTS);
    try {
      const started = Date.now();
      for (let i = 0; i < 30; i++) {
        const res = await h.call("POST", "/api/auth/signup", {
          body: { email: `colleague${i}@office.example`, password: "office-password" },
          address: "192.0.2.50",
        });
        expect(res.status).toBe(201);
      }
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      await h.close();
    }
  });

  it("has a budget of its own per address (AUTH_SIGNUP_LIMIT an hour)", async () => {
    const h = await createHarness({ ...DEFAULTS, AUTH_SIGNUP_LIMIT: "5" });
    try {
      const signup = (i: number, address: string) =>
        h.call("POST", "/api/auth/signup", {
          body: { email: `s${i}@example.com`, password: "signup-password" },
          address,
        });
      for (let i = 0; i < 5; i++) expect((await signup(i, "192.0.2.60")).status).toBe(201);
      const blocked = await signup(5, "192.0.2.60");
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await signup(6, "192.0.2.61")).status).toBe(201);
      // Signing in is not affected by the sign-up budget.
      expect((await signin(h, "s0@example.com", "signup-password", "192.0.2.60")).status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe("TRUST_PROXY", () => {
  it("takes the client from X-Forwarded-For behind the configured proxy", async () => {
    const h = await createHarness({ ...DEFAULTS, AUTH_ADDRESS_LIMIT: "3", TRUST_PROXY: "10.0.0.1" });
    try {
      const viaProxy = (email: string, client: string) =>
        signin(h, email, "wrong-guess", "10.0.0.1", { "x-forwarded-for": `203.0.113.9, ${client}` });
      for (let i = 0; i < 3; i++) expect((await viaProxy(`p${i}@example.com`, "192.0.2.1")).status).toBe(401);
      expect((await viaProxy("p9@example.com", "192.0.2.1")).status).toBe(429);
      // Another client behind the same proxy has its own budget.
      expect((await viaProxy("p9@example.com", "192.0.2.2")).status).toBe(401);
      // A peer that is not the proxy cannot choose its address with the header.
      for (let i = 0; i < 3; i++) {
        const res = await signin(h, `d${i}@example.com`, "wrong-guess", "192.0.2.77", { "x-forwarded-for": addr() });
        expect(res.status).toBe(401);
      }
      const direct = await signin(h, "d9@example.com", "wrong-guess", "192.0.2.77", { "x-forwarded-for": addr() });
      expect(direct.status).toBe(429);
    } finally {
      await h.close();
    }
  });
});
