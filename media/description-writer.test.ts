import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSite } from "./autofill";
import { writeDescription } from "./description-writer";

const WRITTEN = "Quill is an AI writing assistant for teams. It drafts blog posts and essays.";

const bodyOf = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });

/** A chat endpoint in the OpenAI format; each path prefix answers one way. */
function startEndpoint(seen: { auth?: string; body?: any }[]): Promise<Server> {
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return res.writeHead(404).end();
    seen.push({ auth: req.headers.authorization, body: JSON.parse(body) });
    const json = (value: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
    if (req.url.startsWith("/ok/"))
      return json({ choices: [{ message: { role: "assistant", content: ` ${WRITTEN}\n` } }] });
    if (req.url.startsWith("/empty/")) return json({ choices: [] });
    if (req.url.startsWith("/huge/")) return json({ choices: [{ message: { content: "x".repeat(200_000) } }] });
    if (req.url.startsWith("/garbled/")) return res.writeHead(200).end("not json");
    res.writeHead(500).end(JSON.stringify({ error: { message: "overloaded" } }));
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The maker's website: the Quill fixture at /. */
function startSite(): Promise<Server> {
  const page = readFileSync(join(import.meta.dirname, "fixtures/autofill/og-site.html"));
  const server = createServer((req, res) => {
    if (req.url === "/") return res.writeHead(200, { "content-type": "text/html" }).end(page);
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const seen: { auth?: string; body?: any }[] = [];
let endpoint: Server;
let site: Server;
let llm: string;
let website: string;
beforeAll(async () => {
  [endpoint, site] = await Promise.all([startEndpoint(seen), startSite()]);
  llm = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}`;
  website = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await Promise.all([endpoint, site].map((s) => new Promise((resolve) => s.close(resolve))));
});

const writer = (path: string) => ({ baseUrl: `${llm}${path}`, apiKey: "sk-test", model: "small-model" });

describe("the optional description writer", () => {
  it("asks the chat endpoint with the key, the model and the page's text, and answers its two sentences", async () => {
    seen.length = 0;
    expect(await writeDescription(writer("/ok/"), "Quill", "Quill drafts blog posts.")).toBe(WRITTEN);
    expect(seen[0]?.auth).toBe("Bearer sk-test");
    expect(seen[0]?.body.model).toBe("small-model");
    expect(seen[0]?.body.messages.at(-1).content).toContain("Quill drafts blog posts.");
  });

  it("sends a bounded part of a long page", async () => {
    seen.length = 0;
    await writeDescription(writer("/ok"), "Quill", "word ".repeat(100_000));
    expect(seen[0]?.body.messages.at(-1).content.length).toBeLessThan(7000);
  });

  it.each([
    ["an error status", "/down"],
    ["an answer without a message", "/empty"],
    ["an oversized answer", "/huge"],
    ["an answer that is not JSON", "/garbled"],
  ])("answers nothing on %s", async (_, path) => {
    expect(await writeDescription(writer(path), "Quill", "text")).toBeNull();
  });

  it("answers nothing when the endpoint cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await writeDescription({ baseUrl: `http://127.0.0.1:${port}`, model: "m" }, "Quill", "text")).toBeNull();
  });

  it("replaces the page's description when it writes one, and silently keeps the page's when it fails", async () => {
    const written = await readSite(website, { allowLoopback: true, writer: writer("/ok") });
    expect(written.description).toBe(WRITTEN);
    const kept = await readSite(website, { allowLoopback: true, writer: writer("/down") });
    expect(kept.description).toBe("Quill drafts blog posts and essays in your voice.");
    const off = await readSite(website, { allowLoopback: true });
    expect(off.description).toBe("Quill drafts blog posts and essays in your voice.");
  });
});
