import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";
import { API_KEY_PLACEHOLDER, developerSnippets } from "../site/lib/developer-snippets";
import { createHarness, type Harness } from "./testing/harness";

// One anonymous call per window: every call below succeeds only if the snippet's key reaches the server.
const KEY_LIMIT = 1000;
let h: Harness;
let server: ReturnType<typeof serve>;
let snippets: ReturnType<typeof developerSnippets>;
let key: string;
beforeAll(async () => {
  h = await createHarness({ API_ANON_LIMIT: "1", API_KEY_LIMIT: String(KEY_LIMIT) });
  const writing = await createCategory(h.db, { name: "Writing", slug: "writing" });
  await createTool(
    h.db,
    { name: "Quill", description: "Drafts essays and writing of every kind", category_id: writing.id },
    null,
  );
  server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  snippets = developerSnippets(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
  const member = await h.user();
  key = (await h.call("POST", "/api/keys", { token: member.token, body: { name: "Snippets" } })).body.key;
  // The anonymous allowance spent, so a snippet whose key is lost fails loudly.
  await fetch(snippets.mcpUrl, { method: "POST", body: "{}" });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** A command line's words, double-quoted ones kept whole (as a shell splits these snippets). */
const words = (command: string) => [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? "");
/** A snippet's text with the reader's key in place of the placeholder. */
const withKey = (text: string) => text.replaceAll(API_KEY_PLACEHOLDER, key);
/** "Name: value" (or mcp-remote's "Name:value") as a header pair. */
const header = (line: string): Record<string, string> => {
  const at = line.indexOf(":");
  return { [line.slice(0, at).trim()]: line.slice(at + 1).trim() };
};

/** Connects the SDK's own Streamable HTTP client as a snippet configures it, lists the tools and searches. */
async function runMcp(url: string, headers: Record<string, string>) {
  const client = new Client({ name: "snippet-check", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  const { tools } = await client.listTools();
  const found = await client.callTool({ name: "search_tools", arguments: { query: "essays" } });
  await client.close();
  const text = (found.content as { type: string; text: string }[])[0]?.text ?? "null";
  return { names: tools.map((t) => t.name), found: JSON.parse(text).tools.map((t: { name: string }) => t.name) };
}

const expected = {
  names: expect.arrayContaining([
    "search_tools",
    "get_tool",
    "list_categories",
    "list_tags",
    "alternatives",
    "compare",
  ]),
  found: ["Quill"],
};

describe("the /developers page's snippets, run as written against a started server", () => {
  it("Claude Code: an http transport to the page's URL with the key header", async () => {
    const argv = words(withKey(snippets.claudeCode));
    expect(argv.slice(0, 3)).toEqual(["claude", "mcp", "add"]);
    expect(argv[argv.indexOf("--transport") + 1]).toBe("http");
    const url = argv.find((w) => w.startsWith("http://")) ?? "";
    expect(url).toBe(snippets.mcpUrl);
    expect(await runMcp(url, header(argv[argv.indexOf("--header") + 1] ?? ""))).toEqual(expected);
  });

  it("Cursor and VS Code: a remote server's url and headers", async () => {
    const cursor = JSON.parse(withKey(snippets.cursor)).mcpServers["ai-tools-directory"];
    expect(await runMcp(cursor.url, cursor.headers)).toEqual(expected);
    const vscode = JSON.parse(withKey(snippets.vscode)).servers["ai-tools-directory"];
    expect(vscode.type).toBe("http");
    expect(await runMcp(vscode.url, vscode.headers)).toEqual(expected);
  });

  it("Claude Desktop: mcp-remote's URL and header, the key taken from env", async () => {
    const entry = JSON.parse(withKey(snippets.claudeDesktop)).mcpServers["ai-tools-directory"];
    expect(entry.command).toBe("npx");
    const args: string[] = entry.args;
    expect(args.slice(0, 2)).toEqual(["-y", "mcp-remote"]);
    // mcp-remote fills ${NAME} in a header from the server entry's env.
    const line = (args[args.indexOf("--header") + 1] ?? "").replace(/\$\{(\w+)\}/g, (_, name) => entry.env[name]);
    expect(line).not.toMatch(/\s/);
    expect(await runMcp(args[2] ?? "", header(line))).toEqual(expected);
  });

  it("curl: the JSON API with the key, on the key's quota", async () => {
    const argv = words(withKey(snippets.curl));
    expect(argv[0]).toBe("curl");
    const url = argv.at(-1) ?? "";
    const response = await fetch(url, { headers: header(argv[argv.indexOf("-H") + 1] ?? "") });
    expect(response.status).toBe(200);
    expect(response.headers.get("ratelimit-limit")).toBe(String(KEY_LIMIT));
    const body = await response.json();
    // The spec's plain array of tools.
    expect(body.map((t: { name: string }) => t.name)).toEqual(["Quill"]);
  });
});
