import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("accounts", () => {
  it("signs up with a lower-cased e-mail and refuses a second account for it in any case", async () => {
    const first = await h.call("POST", "/api/auth/signup", {
      body: { email: "Ada@Example.com", password: "password-1" },
    });
    expect(first.status).toBe(201);
    expect(first.body.user).toEqual(
      expect.objectContaining({ email: "ada@example.com", user_metadata: { subscription_status: "free" } }),
    );
    expect(first.body.user).not.toHaveProperty("password_hash");
    const again = await h.call("POST", "/api/auth/signup", {
      body: { email: "ADA@example.com", password: "password-2" },
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already exists/);
  });

  it("validates e-mail and password length with a readable detail", async () => {
    const bad = await h.call("POST", "/api/auth/signup", { body: { email: "not-an-email", password: "short" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/email/);
    expect(bad.body.detail).toMatch(/8 characters/);
    const malformed = await h.call("POST", "/api/auth/signin", {
      raw: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    await h.call("POST", "/api/auth/signup", { body: { email: "grace@example.com", password: "right-password" } });
    const wrong = await h.call("POST", "/api/auth/signin", {
      body: { email: "grace@example.com", password: "wrong-password" },
    });
    const unknown = await h.call("POST", "/api/auth/signin", {
      body: { email: "nobody@example.com", password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const ok = await h.call("POST", "/api/auth/signin", {
      body: { email: "GRACE@example.com", password: "right-password" },
    });
    expect(ok.status).toBe(200);
    const me = await h.call("GET", "/api/auth/me", { token: ok.body.access_token });
    expect(me.body.email).toBe("grace@example.com");
  });

  it("refuses forged, expired and foreign tokens", async () => {
    const user = await h.user();
    const secret = h.settings.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: String(user.id), ver: 0, iss: "ai-tools-directory", iat: now };
    const forged = [
      `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims, exp: now + 3600 })}.`,
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS512" })
        .setSubject(String(user.id))
        .setIssuer("ai-tools-directory")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(secret),
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("ai-tools-directory")
        .setIssuedAt()
        .sign(secret),
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("ai-tools-directory")
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(secret),
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("ai-tools-directory")
        .setIssuedAt()
        .setExpirationTime("1h")
        .sign(new TextEncoder().encode("another-secret-another-secret-another-secret")),
      "garbage",
    ];
    for (const token of forged) {
      const res = await h.call("GET", "/api/auth/me", { token });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBeTruthy();
    }
    console.log(`forged tokens refused: ${forged.length} of ${forged.length}`);
    expect((await h.call("GET", "/api/auth/me", { token: user.token })).status).toBe(200);
  });

  it("revokes earlier tokens at logout and at a password change", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "linus@example.com", password: "first-password" },
    });
    const token = signup.body.access_token as string;
    const changed = await h.call("POST", "/api/auth/change-password", {
      token,
      body: { current_password: "first-password", new_password: "second-password" },
    });
    expect(changed.status).toBe(200);
    expect((await h.call("GET", "/api/auth/me", { token })).status).toBe(401);
    const fresh = changed.body.access_token as string;
    expect((await h.call("GET", "/api/auth/me", { token: fresh })).status).toBe(200);
    expect((await h.call("POST", "/api/auth/logout", { token: fresh })).status).toBe(204);
    expect((await h.call("GET", "/api/auth/me", { token: fresh })).status).toBe(401);
  });
});

describe("brute-force protection", () => {
  it("answers 429 with Retry-After once an account's attempts are spent", async () => {
    const limited = await createHarness({ AUTH_RATE_LIMIT: "3" });
    try {
      const attempt = () =>
        limited.call("POST", "/api/auth/signin", { body: { email: "target@example.com", password: "guess-guess" } });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(blocked.body.detail).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });
});
