import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteOrigins } from "../config/settings";
import { createCategory } from "../db/queries/categories";
import { createTag } from "../db/queries/tags";
import { createTool } from "../db/queries/tools";
import { createHarness, type Harness } from "./testing/harness";

let h: Harness;
let server: ReturnType<typeof serve>;
let base: string;
let site: string;
beforeAll(async () => {
  h = await createHarness({ API_ANON_LIMIT: "1000", API_KEY_LIMIT: "2000" });
  const writing = await createCategory(h.db, { name: "Writing", slug: "writing", description: "Tools that write" });
  const prose = await createTag(h.db, { name: "Prose" });
  await createTool(
    h.db,
    {
      name: "Quill",
      description: "Drafts essays and blog posts",
      category_id: writing.id,
      pricing_type: "freemium",
      tag_ids: [prose.id],
    },
    null,
  );
  await createTool(
    h.db,
    {
      name: "Inkwell",
      description: "Drafts essays and letters",
      category_id: writing.id,
      pricing_type: "paid",
      tag_ids: [prose.id],
    },
    null,
  );
  await createTool(
    h.db,
    { name: "Hidden Draft", description: "Drafts essays", category_id: writing.id },
    null,
    "pending",
  );
  server = serve({ fetch: h.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Links name the configured site, not the address the call came in on (its Host header).
  [site = ""] = siteOrigins(h.settings);
  expect(site).not.toBe(base);
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

async function connect(headers: Record<string, string> = {}) {
  const client = new Client({ name: "test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers } }));
  return client;
}

const json = (result: unknown) => JSON.parse((result as { content: { text: string }[] }).content[0]?.text ?? "null");

describe("the MCP server at /mcp, driven by the SDK's own client", () => {
  it("lists its six read-only tools", async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["alternatives", "compare", "get_tool", "list_categories", "list_tags", "search_tools"].sort(),
    );
    expect(tools.every((t) => t.annotations?.readOnlyHint)).toBe(true);
    await client.close();
  });

  it("searches published tools only, each with its page URL", async () => {
    const client = await connect();
    const found = json(
      await client.callTool({ name: "search_tools", arguments: { query: "essays", category: "writing" } }),
    );
    expect(found.tools.map((t: { name: string }) => t.name).sort()).toEqual(["Inkwell", "Quill"]);
    expect(found.tools[0].url).toMatch(new RegExp(`^${site}/tool/(quill|inkwell)$`));
    const paid = json(await client.callTool({ name: "search_tools", arguments: { query: "", pricing: "paid" } }));
    expect(paid.tools.map((t: { name: string }) => t.name)).toEqual(["Inkwell"]);
    await client.close();
  });

  it("reads a tool, its alternatives, a comparison, the categories and the tags", async () => {
    const client = await connect();
    const quill = json(await client.callTool({ name: "get_tool", arguments: { slug: "quill" } }));
    expect(quill).toMatchObject({
      name: "Quill",
      pricing_type: "freemium",
      url: `${site}/tool/quill`,
      tags: ["prose"],
    });
    const alternatives = json(await client.callTool({ name: "alternatives", arguments: { slug: "quill" } }));
    expect(alternatives.alternatives.map((t: { slug: string }) => t.slug)).toEqual(["inkwell"]);
    const compared = json(await client.callTool({ name: "compare", arguments: { a: "quill", b: "inkwell" } }));
    expect(compared).toMatchObject({ same_category: true, same_pricing: false, shared_tags: ["prose"] });
    const categories = json(await client.callTool({ name: "list_categories", arguments: {} }));
    expect(categories).toEqual([
      expect.objectContaining({ slug: "writing", url: `${site}/category/writing`, tool_count: 2 }),
    ]);
    const tags = json(await client.callTool({ name: "list_tags", arguments: {} }));
    expect(tags).toEqual([expect.objectContaining({ slug: "prose", tool_count: 2 })]);
    const hidden = await client.callTool({ name: "get_tool", arguments: { slug: "hidden-draft" } });
    expect(hidden.isError).toBe(true);
    await client.close();
  });

  it("answers unknown tools and huge limits with errors, never a 5xx", async () => {
    const client = await connect();
    const huge = await client
      .callTool({ name: "search_tools", arguments: { query: "x", limit: 1_000_000 } })
      .catch((e) => e);
    expect(huge instanceof Error ? huge.message : huge.isError).toBeTruthy();
    const unknown = await client.callTool({ name: "drop_tables", arguments: {} }).catch((e) => e);
    expect(unknown instanceof Error ? unknown.message : unknown.isError).toBeTruthy();
    await client.close();

    const post = (body: string) =>
      fetch(`${base}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      });
    const malformed = await post("{not json");
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe(-32700);
    const notRpc = await post(JSON.stringify({ hello: "world" }));
    expect(notRpc.status).toBeLessThan(500);
    const batch = await post(
      JSON.stringify(Array.from({ length: 50 }, (_, id) => ({ jsonrpc: "2.0", id, method: "ping" }))),
    );
    expect(batch.status).toBe(400);
    expect((await fetch(`${base}/mcp`)).status).toBe(405);
  });

  it("stops reading a body past 64 KB, even one sent in chunks with no length declared (413)", async () => {
    let sent = 0;
    // An endless body: read whole, it would never end.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16_384;
        controller.enqueue(new Uint8Array(16_384).fill(32));
      },
    });
    const res = await h.app.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toBe("Request body is larger than 65536 bytes");
    expect(sent).toBeLessThan(128 * 1024);
  });

  it("takes an API key for the higher quota, and refuses a revoked one", async () => {
    const member = await h.user();
    const created = await h.call("POST", "/api/keys", { token: member.token, body: { name: "Agent" } });
    const client = await connect({ "x-api-key": created.body.key });
    expect((await client.listTools()).tools.length).toBe(6);
    await client.close();
    const used = await h.call("GET", "/api/keys", { token: member.token });
    expect(used.body[0].request_count).toBeGreaterThan(0);
    await h.call("DELETE", `/api/keys/${created.body.id}`, { token: member.token });
    const refused = await connect({ authorization: `Bearer ${created.body.key}` }).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(Error);
    const direct = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "x-api-key": created.body.key, "content-type": "application/json" },
      body: "{}",
    });
    expect(direct.status).toBe(401);
    expect((await direct.json()).detail).toBe("Unknown or revoked API key");
  });
});
