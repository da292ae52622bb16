import { describe, expect, it } from "vitest";
import { loadSettings } from "../config/settings";
import { parseTrustProxy } from "../config/trust-proxy";
import { addressKey, resolveClientAddress } from "./client-address";

describe("the client address", () => {
  it("is the socket's address unless TRUST_PROXY is set", () => {
    expect(resolveClientAddress("192.0.2.1", "203.0.113.5", null)).toBe("192.0.2.1");
    expect(resolveClientAddress("::ffff:192.0.2.1", undefined, null)).toBe("192.0.2.1");
    for (const off of ["", "0", "false", " "]) expect(parseTrustProxy(off)).toBeNull();
  });

  it("walks back the configured number of hops", () => {
    const one = parseTrustProxy("1");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.5", one)).toBe("203.0.113.5");
    // What the client wrote itself (left of what the proxy appended) is not believed.
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4, 203.0.113.5", one)).toBe("203.0.113.5");
    const two = parseTrustProxy("2");
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4, 203.0.113.5, 10.0.0.2", two)).toBe("203.0.113.5");
    // A chain shorter than configured, or garbage, stops at the last known-good address.
    expect(resolveClientAddress("10.0.0.1", "203.0.113.5", two)).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.1", "not-an-ip", one)).toBe("10.0.0.1");
    expect(resolveClientAddress("10.0.0.1", undefined, one)).toBe("10.0.0.1");
  });

  it("trusts only the listed proxies (addresses or subnets)", () => {
    const list = parseTrustProxy("10.0.0.1, 172.16.0.0/12, ::1");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.5", list)).toBe("203.0.113.5");
    expect(resolveClientAddress("::1", "203.0.113.5", list)).toBe("203.0.113.5");
    expect(resolveClientAddress("10.0.0.1", "1.2.3.4, 203.0.113.5, 172.20.1.1", list)).toBe("203.0.113.5");
    // A peer that is not a proxy is the client, whatever it says.
    expect(resolveClientAddress("192.0.2.9", "203.0.113.5", list)).toBe("192.0.2.9");
    // The whole chain made of proxies: the furthest one.
    expect(resolveClientAddress("10.0.0.1", "172.16.0.5", list)).toBe("172.16.0.5");
  });

  it("refuses a TRUST_PROXY it cannot read, in loadSettings", () => {
    for (const bad of ["true", "proxy.example", "10.0.0.0/40", "99"]) {
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    }
    expect(() =>
      loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40), TRUST_PROXY: "yes" } as NodeJS.ProcessEnv),
    ).toThrow(/TRUST_PROXY/);
    const settings = loadSettings({
      NODE_ENV: "test",
      JWT_SECRET: "x".repeat(40),
      TRUST_PROXY: "2",
    } as NodeJS.ProcessEnv);
    expect(settings.trustProxy).toEqual({ hops: 2 });
  });

  it("counts IPv6 clients by their /64", () => {
    expect(addressKey("192.0.2.1")).toBe("192.0.2.1");
    expect(addressKey("local")).toBe("local");
    expect(addressKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
  });
});
