import { describe, expect, it, vi } from "vitest";
import { configureHashing, hashingConcurrency, hashingLimits, SCRYPT_BYTES } from "./passwords";
import { createHarness } from "./testing/harness";

const MiB = 1024 * 1024;

describe("password hashing concurrency", () => {
  it("each scrypt hash (N=2^17, r=8) holds 128 MiB", () => {
    expect(SCRYPT_BYTES).toBe(128 * MiB);
  });

  it("comes from the memory budget, never above cores - 1 or the thread pool - 1, at least 1", () => {
    // (budget, cores, libuv threads) -> hashes at once
    expect(hashingConcurrency(512 * MiB, 64, 64)).toBe(4);
    expect(hashingConcurrency(256 * MiB, 64, 64)).toBe(2);
    expect(hashingConcurrency(300 * MiB, 64, 64)).toBe(2);
    expect(hashingConcurrency(128 * MiB, 64, 64)).toBe(1);
    expect(hashingConcurrency(4096 * MiB, 8, 64)).toBe(7);
    expect(hashingConcurrency(4096 * MiB, 64, 4)).toBe(3);
    expect(hashingConcurrency(4096 * MiB, 2, 4)).toBe(1);
    expect(hashingConcurrency(4096 * MiB, 1, 4)).toBe(1);
  });

  it("holds one network to four checks at once, so it cannot keep everyone else's sign-in waiting", async () => {
    const h = await createHarness({ SCRYPT_MEMORY_BUDGET_MB: "128" });
    try {
      const signUp = (i: number, address: string) =>
        h.call("POST", "/api/auth/signup", {
          body: { email: `flood-${i}-${Date.now()}@example.com`, password: "Flood-password-123" },
          address,
        });
      // Ten at once from one /24: four are taken, six told to wait for their own.
      const flood = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp(i, `198.51.100.${i + 1}`)));
      const statuses = flood.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array(4).fill(201), ...Array(6).fill(429)]);
      expect(flood.find((r) => r.status === 429)?.body.detail).toBe(
        "Too many password checks from your address at once: wait for them to finish",
      );
      // Another network is served meanwhile, and the first has its share again once they finish.
      const [other, again] = await Promise.all([signUp(100, "203.0.113.9"), signUp(101, "198.51.100.200")]);
      expect([other.status, again.status]).toEqual([201, 201]);
      // A taken address is answered before any hashing.
      const taken = await h.call("POST", "/api/auth/signup", {
        body: { email: flood.find((r) => r.status === 201)?.body.user.email, password: "Another-password-123" },
        address: "192.0.2.1",
      });
      expect(taken.status).toBe(409);
    } finally {
      configureHashing(128);
      await h.close();
    }
  });

  it("serves a newcomer in turn while ten networks keep the waiting room full", async () => {
    const h = await createHarness({ SCRYPT_MEMORY_BUDGET_MB: "128" });
    try {
      const signUp = (name: string, address: string) =>
        h.call("POST", "/api/auth/signup", {
          body: { email: `${name}-${Date.now()}@example.com`, password: "Flood-password-123" },
          address,
        });
      // Four checks from each of ten networks: one runs, 32 wait, the rest are told to come back.
      const flood = Array.from({ length: 40 }, (_, i) => signUp(`flood-${i}`, `198.51.${100 + (i % 10)}.${i + 1}`));
      await vi.waitFor(() => expect(hashingLimits().waiting).toBe(32), { timeout: 60_000, interval: 20 });
      // A member on another network still gets a place, and in turn rather than after everyone.
      const newcomer = await signUp("newcomer", "203.0.113.7");
      expect(newcomer.status).toBe(201);
      expect(hashingLimits().waiting).toBeGreaterThan(10);
      const statuses = new Set((await Promise.all(flood)).map((r) => r.status));
      expect([...statuses].sort()).toEqual([201, 503]);
    } finally {
      configureHashing(128);
      await h.close();
    }
  });

  it("is set from SCRYPT_MEMORY_BUDGET_MB when the app is built", async () => {
    const h = await createHarness({ SCRYPT_MEMORY_BUDGET_MB: "128" });
    try {
      expect(hashingLimits().concurrency).toBe(1);
      expect(configureHashing(1024, 4)).toBe(3);
      expect(configureHashing(256, 16)).toBe(2);
      expect(hashingLimits().concurrency).toBe(2);
    } finally {
      configureHashing(128);
      await h.close();
    }
  });
});
