import { describe, expect, it } from "vitest";
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
