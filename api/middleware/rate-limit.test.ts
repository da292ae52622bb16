import { describe, expect, it } from "vitest";
import { AuthLimits, ClickDedupe, WindowCounter } from "./rate-limit";

describe("bounded counters", () => {
  it("forget entries when their window ends", () => {
    let now = 1_000;
    const counter = new WindowCounter(60_000, 100, () => now);
    counter.add("a");
    counter.add("a");
    expect(counter.count("a")).toBe(2);
    expect(counter.retryAfter("a")).toBe(60);
    now += 59_999;
    expect(counter.count("a")).toBe(2);
    now += 1;
    expect(counter.count("a")).toBe(0);
    expect(counter.size).toBe(0);
  });

  it("never hold more than their cap, however many keys an attacker rotates", () => {
    const counter = new WindowCounter(60_000, 100);
    for (let i = 0; i < 10_000; i++) counter.add(`victim${i}@example.com`);
    expect(counter.size).toBe(100);
    // The newest keys are the ones kept.
    expect(counter.count("victim9999@example.com")).toBe(1);
    expect(counter.count("victim0@example.com")).toBe(0);
  });

  it("keep the sign-in limits bounded when e-mails and addresses rotate", async () => {
    const limits = new AuthLimits(
      {
        AUTH_RATE_LIMIT: 10,
        AUTH_RATE_WINDOW_MS: 60_000,
        AUTH_ADDRESS_LIMIT: 1_000_000,
        AUTH_ACCOUNT_DELAY_MAX_MS: 0,
        AUTH_SIGNUP_LIMIT: 1_000_000,
      },
      500,
    );
    for (let i = 0; i < 5_000; i++) {
      await limits.check(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, `x${i}@example.com`, async () => false);
      limits.signup(`10.1.${(i >> 8) & 255}.${i & 255}`);
    }
    for (const counter of [limits.pairs, limits.addresses, limits.accounts, limits.signups]) {
      expect(counter.size).toBeLessThanOrEqual(500);
    }
  });

  it("give an attempt back when the check could not run", async () => {
    const limits = new AuthLimits({
      AUTH_RATE_LIMIT: 2,
      AUTH_RATE_WINDOW_MS: 60_000,
      AUTH_ADDRESS_LIMIT: 2,
      AUTH_ACCOUNT_DELAY_MAX_MS: 0,
      AUTH_SIGNUP_LIMIT: 1,
    });
    for (let i = 0; i < 5; i++) {
      await expect(
        limits.check("192.0.2.1", "a@example.com", async () => {
          throw new Error("busy");
        }),
      ).rejects.toThrow("busy");
    }
    expect(limits.addresses.size + limits.pairs.size + limits.accounts.size).toBe(0);
    expect(await limits.check("192.0.2.1", "a@example.com", async () => true)).toBe(true);
  });

  it("grow the per-account delay from 250 ms, capped", () => {
    const limits = new AuthLimits({
      AUTH_RATE_LIMIT: 10,
      AUTH_RATE_WINDOW_MS: 60_000,
      AUTH_ADDRESS_LIMIT: 50,
      AUTH_ACCOUNT_DELAY_MAX_MS: 3000,
      AUTH_SIGNUP_LIMIT: 300,
    });
    expect([9, 10, 11, 12, 13, 14, 1000].map((n) => limits.delayFor(n))).toEqual([0, 250, 500, 1000, 2000, 3000, 3000]);
  });
});

describe("click de-duplication", () => {
  it("counts one click per address per tool per window", async () => {
    const clicks = new ClickDedupe(200);
    let counted = 0;
    const count = async () => {
      counted++;
      return true;
    };
    for (let i = 0; i < 5; i++) expect(await clicks.once("192.0.2.1", 1, count)).toBe(true);
    await clicks.once("192.0.2.2", 1, count);
    await clicks.once("192.0.2.1", 2, count);
    expect(counted).toBe(3);
    await new Promise((r) => setTimeout(r, 250));
    await clicks.once("192.0.2.1", 1, count);
    expect(counted).toBe(4);
  });

  it("remembers nothing for an unknown tool, and stays bounded", async () => {
    const clicks = new ClickDedupe(60_000, 50);
    expect(await clicks.once("192.0.2.1", 999, async () => false)).toBe(false);
    expect(await clicks.once("192.0.2.1", 999, async () => false)).toBe(false);
    expect(clicks.seen.size).toBe(0);
    for (let i = 0; i < 1000; i++) await clicks.once(`192.0.2.${i % 250}`, i, async () => true);
    expect(clicks.seen.size).toBe(50);
  });
});
