import { isIP } from "node:net";
import type { Context } from "hono";
import type { TrustProxy } from "../config/trust-proxy";

/** "::ffff:192.0.2.1" (an IPv4 client on a dual-stack socket) is 192.0.2.1. */
function normalize(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

/**
 * The client's address from the socket peer and the X-Forwarded-For header, trusting the header
 * only as far as `trust` says. A chain shorter than configured, or an entry that is not an IP
 * address, stops the walk at the last address that is known good.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const nearest = normalize(peer);
  if (!trust || !forwardedFor) return nearest;
  // Nearest first: the proxy that connected to us appended the address it saw at the end.
  const chain = forwardedFor
    .split(",")
    .map(normalize)
    .filter((a) => a !== "")
    .reverse();
  let client = nearest;
  if ("hops" in trust) {
    for (let i = 0; i < trust.hops; i++) {
      const next = chain[i];
      if (!next || !isIP(next)) break;
      client = next;
    }
    return client;
  }
  for (const next of chain) {
    const family = isIP(client);
    if (!family || !trust.proxies.check(client, family === 4 ? "ipv4" : "ipv6")) break;
    if (!isIP(next)) break;
    client = next;
  }
  return client;
}

/**
 * The client's address for rate limits and click counting: the socket's address (node server),
 * or the one X-Forwarded-For names when TRUST_PROXY says the peer is a proxy. "local" when the
 * app is called in-process without a socket.
 */
export function clientAddress(c: Context, settings?: { trustProxy: TrustProxy }): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress;
  if (!peer) return "local";
  // Outside the API's routes (the site's own pages) the caller hands in the settings.
  const trust =
    settings?.trustProxy ??
    (c.var as { deps?: { settings?: { trustProxy?: TrustProxy } } } | undefined)?.deps?.settings?.trustProxy;
  return resolveClientAddress(peer, c.req.header("x-forwarded-for"), trust ?? null);
}

/** Expands an IPv6 address to its eight 16-bit groups (null when it is not one). */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6) return null;
  let text = address.split("%")[0] ?? "";
  // A trailing dotted IPv4 part counts as two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = [...left, ...Array(tail === undefined ? 0 : missing).fill("0"), ...right];
  return groups.length === 8 ? groups.map((g) => Number.parseInt(g, 16)) : null;
}

/**
 * The key an address is counted under: an IPv4 address itself, an IPv6 address by its /64 (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let one client
 * rotate through billions of them).
 */
export function addressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/**
 * The network an address is in, for a daily budget no one party may spend for everyone: an IPv4
 * address's /24, an IPv6 address's /48 (what one site or subscriber is usually given at most).
 */
export function networkKey(address: string): string {
  const groups = ipv6Groups(address);
  if (groups) {
    return `${groups
      .slice(0, 3)
      .map((g) => g.toString(16))
      .join(":")}::/48`;
  }
  const octets = address.split(".");
  return octets.length === 4 ? `${octets.slice(0, 3).join(".")}.0/24` : address;
}
