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
      // Signed with the right key for this id, but before the account existed (an id a restored
      // backup hands out again to someone else).
      await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer("ai-tools-directory")
        .setIssuedAt(now - 3600)
        .setExpirationTime(now + 3600)
        .sign(secret),
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

  it("lets one of two concurrent changes with the same current password win; the other gets 409", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "race@example.com", password: "first-password" },
    });
    const token = signup.body.access_token as string;
    const change = (new_password: string) =>
      h.call("POST", "/api/auth/change-password", {
        token,
        body: { current_password: "first-password", new_password },
      });
    const [a, b] = await Promise.all([change("second-password-a"), change("second-password-b")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? ["second-password-a", b] : ["second-password-b", a];
    expect(lost.body.detail).toMatch(/changed meanwhile/);
    const signin = (password: string) =>
      h.call("POST", "/api/auth/signin", { body: { email: "race@example.com", password } });
    expect((await signin(won)).status).toBe(200);
    expect((await signin(won === "second-password-a" ? "second-password-b" : "second-password-a")).status).toBe(401);
  });
});

describe("brute-force protection", () => {
  it("answers 429 with Retry-After once an account's attempts from one address are spent", async () => {
    const limited = await createHarness({ AUTH_RATE_LIMIT: "3" });
    try {
      const attempt = () =>
        limited.call("POST", "/api/auth/signin", {
          body: { email: "target@example.com", password: "guess-guess" },
          address: "192.0.2.1",
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(blocked.body.detail).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });

  it("never locks the owner out: 10 failures from 10 addresses, then the right password from an 11th", async () => {
    // Settings as shipped, the real scrypt hash.
    const limited = await createHarness({ AUTH_RATE_LIMIT: "10", AUTH_ADDRESS_LIMIT: "50" });
    try {
      const admin = await limited.user({ email: "owner@example.com", role: "admin", password: "owner-password" });
      for (let i = 1; i <= 10; i++) {
        const res = await limited.call("POST", "/api/auth/signin", {
          body: { email: admin.email, password: "attacker-guess" },
          address: `203.0.113.${i}`,
        });
        expect(res.status).toBe(401);
      }
      const ok = await limited.call("POST", "/api/auth/signin", {
        body: { email: admin.email, password: "owner-password" },
        address: "203.0.113.11",
      });
      expect(ok.status).toBe(200);
      expect(ok.body.user.role).toBe("admin");
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe("roles", () => {
  it("makes every sign-up a plain member, even for an address in ADMIN_EMAILS", async () => {
    const configured = await createHarness({ ADMIN_EMAILS: "boss@example.com" });
    try {
      const res = await configured.call("POST", "/api/auth/signup", {
        body: { email: "Boss@Example.com", password: "i-am-the-boss" },
      });
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe("user");
      expect((await configured.call("GET", "/api/admin/stats", { token: res.body.access_token })).status).toBe(403);
    } finally {
      await configured.close();
    }
  });

  it("promotes existing ADMIN_EMAILS accounts at start and creates none", async () => {
    const { promoteAdmins, findUserByEmail } = await import("../../db/queries/users");
    const existing = await h.user({ email: "promote-me@example.com" });
    const result = await promoteAdmins(h.db, ["Promote-Me@example.com", "ghost@example.com"]);
    expect(result.promoted.map((u) => u.id)).toEqual([existing.id]);
    expect(result.missing).toEqual(["ghost@example.com"]);
    expect((await findUserByEmail(h.db, "promote-me@example.com"))?.role).toBe("admin");
    expect(await findUserByEmail(h.db, "ghost@example.com")).toBeUndefined();
    // Already an admin: nothing to do.
    expect((await promoteAdmins(h.db, ["promote-me@example.com"])).promoted).toEqual([]);
  });
});

describe("the published demo password", () => {
  it("is never accepted as a new password", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "copycat@example.com", password: "demo-password" },
    });
    expect(signup.status).toBe(422);
    expect(signup.body.detail).toMatch(/published/);
    const member = await h.user({ password: "a-fine-password" });
    const change = await h.call("POST", "/api/auth/change-password", {
      token: member.token,
      body: { current_password: "a-fine-password", new_password: "demo-password" },
    });
    expect(change.status).toBe(422);
  });

  it("signs nobody in in production, even an account whose hash matches it", async () => {
    const production = await createHarness({
      NODE_ENV: "production",
      PUBLIC_URL: "https://aitools.example.com",
      LOG_REQUESTS: "false",
      MAIL: "off",
    });
    try {
      const admin = await production.user({ email: "admin@example.com", role: "admin", password: "demo-password" });
      const res = await production.call("POST", "/api/auth/signin", {
        body: { email: admin.email, password: "demo-password" },
      });
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe("Invalid email or password");
      const other = await production.user({ password: "not-the-demo-one" });
      expect(
        (
          await production.call("POST", "/api/auth/signin", {
            body: { email: other.email, password: "not-the-demo-one" },
          })
        ).status,
      ).toBe(200);
    } finally {
      await production.close();
    }
  });
});
