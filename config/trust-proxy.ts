import { BlockList, isIP } from "node:net";

/**
 * Which peers may say who the client is (TRUST_PROXY). Off by default: the socket's address is
 * the client and X-Forwarded-For is ignored, since any client can send that header (ASVS 5.0
 * V4.1.3: a header set by an intermediary must not be overridable by the end user).
 * - `{ hops: N }`: N proxies stand in front of every request (the app is reachable only through
 *   them); the client is the address N hops back along X-Forwarded-For.
 * - `{ proxies }`: only these addresses (or subnets) are proxies; the client is the nearest
 *   address in the chain that is not one of them.
 */
export type TrustProxy = null | { hops: number } | { proxies: BlockList; list: string[] };

/** Parses TRUST_PROXY: empty, "false" or "0" (off), a hop count, or a comma list of addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === "" || text === "false" || text === "0") return null;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 32) throw new Error("TRUST_PROXY: at most 32 hops");
    return { hops };
  }
  if (text === "true") {
    throw new Error("TRUST_PROXY: say how many proxies (a number of hops) or which (a comma list of addresses)");
  }
  const proxies = new BlockList();
  const list: string[] = [];
  for (const item of text.split(",").map((s) => s.trim())) {
    if (!item) continue;
    const [address = "", prefix] = item.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`TRUST_PROXY: "${item}" is neither a hop count nor an IP address or subnet`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) proxies.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
        throw new Error(`TRUST_PROXY: "${item}" has an invalid prefix length`);
      }
      proxies.addSubnet(address, bits, type);
    }
    list.push(item);
  }
  if (list.length === 0) return null;
  return { proxies, list };
}
