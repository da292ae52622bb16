import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FetchRefused, safeFetch } from "./safe-fetch";

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (path === "/page") {
      res.setHeader("content-type", "text/html");
      return res.end(`<meta name="x" content="ua:${req.headers["user-agent"]}">`);
    }
    if (path === "/hop") return res.writeHead(302, { location: "/page" }).end();
    if (path.startsWith("/loop")) return res.writeHead(302, { location: `/loop${path.length}` }).end();
    if (path === "/to-metadata")
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (path === "/to-private") return res.writeHead(301, { location: "http://10.0.0.1/" }).end();
    if (path === "/to-file") return res.writeHead(302, { location: "file:///etc/passwd" }).end();
    if (path === "/huge") {
      res.setHeader("content-type", "text/html");
      // No content-length: the size is only known while reading.
      res.write(Buffer.alloc(400 * 1024, 97));
      res.write(Buffer.alloc(400 * 1024, 97));
      return res.end();
    }
    if (path === "/declared-huge") {
      res.writeHead(200, { "content-length": String(10 * 1024 * 1024) });
      return res.write("a");
    }
    if (path === "/drip") {
      res.writeHead(200, { "content-type": "text/html" });
      const timer = setInterval(() => res.write("a"), 50);
      res.on("close", () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefused) return error.reason;
    throw error;
  }
  throw new Error("the fetch was not refused");
}

describe("safeFetch", () => {
  it("fetches a page and follows a redirect, saying where it ended", async () => {
    const response = await safeFetch(`${base}/hop`, { allowLoopback: true });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${base}/page`);
    expect(response.redirects).toEqual([`${base}/hop`]);
    expect(response.body.toString()).toContain("ua:AIToolsDirectoryBot/1.0");
  });

  it("refuses loopback, private, link-local, unspecified and mapped addresses unless loopback is allowed", async () => {
    const port = new URL(base).port;
    for (const url of [
      `${base}/page`,
      `http://localhost:${port}/page`,
      `http://2130706433:${port}/page`,
      `http://[::1]:${port}/page`,
      `http://[::ffff:127.0.0.1]:${port}/page`,
      `http://0.0.0.0:${port}/page`,
      "http://169.254.169.254/latest/meta-data/",
      "http://10.1.2.3/",
      "http://192.168.0.1/",
      "http://[fd00::1]/",
    ]) {
      expect(await refusal(safeFetch(url)), url).toBe("address");
    }
  });

  it("checks every redirect like the first URL", async () => {
    expect(await refusal(safeFetch(`${base}/to-metadata`, { allowLoopback: true }))).toBe("address");
    expect(await refusal(safeFetch(`${base}/to-private`, { allowLoopback: true }))).toBe("address");
    expect(await refusal(safeFetch(`${base}/to-file`, { allowLoopback: true }))).toBe("url");
    expect(await refusal(safeFetch(`${base}/loop`, { allowLoopback: true, maxRedirects: 3 }))).toBe("redirects");
  });

  it("refuses what is not an http(s) URL", async () => {
    for (const url of [
      "file:///etc/passwd",
      "gopher://example.com/",
      "javascript:alert(1)",
      "not a url",
      "http://user:pw@example.com/",
    ]) {
      expect(await refusal(safeFetch(url)), url).toBe("url");
    }
  });

  it("stops reading past the size limit, declared or not", async () => {
    expect(await refusal(safeFetch(`${base}/huge`, { allowLoopback: true }))).toBe("too-large");
    expect(await refusal(safeFetch(`${base}/declared-huge`, { allowLoopback: true }))).toBe("too-large");
  });

  it("cuts off a site that drips its answer past the deadline", async () => {
    expect(await refusal(safeFetch(`${base}/drip`, { allowLoopback: true, timeoutMs: 300 }))).toBe("timeout");
  });
});
