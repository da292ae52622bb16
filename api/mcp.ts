import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import { z } from "zod";
import { siteOrigins } from "../config/settings";
import { alternativesFor } from "../db/queries/alternatives";
import { getCategory, listCategories } from "../db/queries/categories";
import type { Tool } from "../db/queries/rows";
import { listTags } from "../db/queries/tags";
import { getPublicTool, searchTools } from "../db/queries/tools";
import { summary } from "../lib/plain-text";
import { PRICING_TYPES } from "../lib/pricing";
import { SITE_NAME } from "../lib/site";
import { TOOL_SORTS } from "../lib/sort";
import type { AppEnv, Deps } from "./context";

/** Largest request body /mcp reads, and most JSON-RPC messages in one batch: a call's cost stays bounded. */
const MAX_BODY_BYTES = 64 * 1024;
const MAX_BATCH = 10;
/** Most tools one search answers. */
const MCP_SEARCH_LIMIT = 50;

const slug = z.string().trim().min(1).max(200).describe("The tool's slug, as in its page URL /tool/{slug}");

type Answer = { content: { type: "text"; text: string }[]; isError?: boolean };
const answer = (value: unknown): Answer => ({ content: [{ type: "text", text: JSON.stringify(value, null, 1) }] });
const refuse = (text: string): Answer => ({ content: [{ type: "text", text }], isError: true });

/** What an agent needs of a tool in a list: who it is, what it costs, and where its page is. */
function card(tool: Tool, origin: string) {
  return {
    name: tool.name,
    slug: tool.slug,
    url: `${origin}/tool/${tool.slug}`,
    website_url: tool.website_url || null,
    summary: summary(tool.description ?? "", 300),
    pricing_type: tool.pricing_type,
    category: tool.category_slug,
    tags: tool.tags.map((t) => t.slug),
    avg_rating: tool.avg_rating,
    review_count: tool.review_count,
    saves_count: tool.saves_count,
  };
}

/** A tool in full, as its page shows it. */
function detail(tool: Tool, origin: string) {
  return {
    ...card(tool, origin),
    description: tool.description,
    category_url: tool.category_slug ? `${origin}/category/${tool.category_slug}` : null,
    video_url: tool.video_url || null,
    pros: tool.pros_cons.pros,
    cons: tool.pros_cons.cons,
    faq: tool.faq.map(({ question, answer }) => ({ question, answer })),
    alternatives_url: `${origin}/alternatives/${tool.slug}`,
    is_verified: tool.is_verified,
    created_at: tool.created_at,
  };
}

/**
 * The directory's read-only MCP server: search, read, list and compare published tools through
 * the same queries as the site and the API. One server per request (stateless Streamable HTTP).
 */
function directoryServer(deps: Deps, origin: string): McpServer {
  const { db } = deps;
  const server = new McpServer({ name: SITE_NAME, version: "1.0.0" });
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    "search_tools",
    {
      description:
        "Search the directory's published AI tools by words, optionally within a category (slug), a pricing type or tags (slugs, all required). Returns each tool with its page URL.",
      inputSchema: {
        query: z.string().max(200).describe("Words to search for; empty lists the directory in its default order"),
        category: z.string().max(200).optional().describe("A category slug (see list_categories)"),
        pricing: z.enum(PRICING_TYPES).optional(),
        tags: z.array(z.string().max(100)).max(10).optional().describe("Tag slugs (see list_tags)"),
        sort: z.enum(TOOL_SORTS).optional(),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MCP_SEARCH_LIMIT)
          .optional()
          .describe(`1 to ${MCP_SEARCH_LIMIT}, default 10`),
      },
      annotations: readOnly,
    },
    async ({ query, category, pricing, tags, sort, limit }) => {
      let categoryId: number | null = null;
      if (category) {
        const found = await getCategory(db, { slug: category });
        if (!found) return refuse(`Unknown category '${category}': list_categories names them`);
        categoryId = found.id;
      }
      const { tools, corrected } = await searchTools(db, {
        search: query.trim() || undefined,
        categoryId,
        pricing: pricing ?? null,
        tags,
        sort,
        limit: limit ?? 10,
        offset: 0,
      });
      return answer({ corrected_query: corrected, tools: tools.map((t) => card(t, origin)) });
    },
  );

  server.registerTool(
    "get_tool",
    {
      description: "One published tool in full: description, pricing, pros and cons, FAQ, page URL.",
      inputSchema: { slug },
      annotations: readOnly,
    },
    async ({ slug }) => {
      const tool = await getPublicTool(db, { slug });
      return tool ? answer(detail(tool, origin)) : refuse(`No published tool has the slug '${slug}'`);
    },
  );

  server.registerTool(
    "list_categories",
    { description: "Every category with its slug, description, page URL and number of tools.", annotations: readOnly },
    async () =>
      answer(
        (await listCategories(db)).map((c) => ({
          name: c.name,
          slug: c.slug,
          description: c.description,
          url: `${origin}/category/${c.slug}`,
          tool_count: c.tool_count,
        })),
      ),
  );

  server.registerTool(
    "list_tags",
    { description: "Every tag with its slug, page URL and number of tools.", annotations: readOnly },
    async () =>
      answer(
        (await listTags(db)).map((t) => ({
          name: t.name,
          slug: t.slug,
          url: `${origin}/tag/${t.slug}`,
          tool_count: t.tools_count,
        })),
      ),
  );

  server.registerTool(
    "alternatives",
    {
      description: "A tool's alternatives, best first (at most 10), each with the reasons it matches and its page URL.",
      inputSchema: { slug },
      annotations: readOnly,
    },
    async ({ slug }) => {
      const tool = await getPublicTool(db, { slug });
      const list = tool ? await alternativesFor(db, tool.id) : null;
      if (!tool || !list) return refuse(`No published tool has the slug '${slug}'`);
      return answer({
        tool: card(tool, origin),
        alternatives: list.map((t) => ({ ...card(t, origin), reasons: t.reasons })),
      });
    },
  );

  server.registerTool(
    "compare",
    {
      description: "Two published tools side by side: pricing, category, tags, ratings, pros and cons, page URLs.",
      inputSchema: { a: slug, b: slug },
      annotations: readOnly,
    },
    async ({ a, b }) => {
      const [first, second] = await Promise.all([getPublicTool(db, { slug: a }), getPublicTool(db, { slug: b })]);
      if (!first) return refuse(`No published tool has the slug '${a}'`);
      if (!second) return refuse(`No published tool has the slug '${b}'`);
      const own = (t: Tool) => new Set(t.tags.map((g) => g.slug));
      return answer({
        a: detail(first, origin),
        b: detail(second, origin),
        same_category: first.category_id != null && first.category_id === second.category_id,
        same_pricing: first.pricing_type === second.pricing_type,
        shared_tags: [...own(first)].filter((t) => own(second).has(t)),
      });
    },
  );
  return server;
}

/** A JSON-RPC error answered over HTTP 400: never a 5xx for what a client sent. */
const rpcError = (code: number, message: string, status = 400) =>
  new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json" },
  });

/**
 * The body as text, or null once it passes `max` bytes: reading stops there, so a chunked body
 * with no length declared costs at most `max` bytes of memory, never its whole size.
 */
async function boundedText(request: Request, max: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * POST /mcp: one stateless Streamable HTTP exchange answered as JSON. The body is read here,
 * bounded, so a malformed or oversized message is a JSON-RPC error before any server exists.
 */
export async function handleMcp(c: Context<AppEnv>, deps: Deps): Promise<Response> {
  if (c.req.method !== "POST") {
    return new Response(
      JSON.stringify({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: POST JSON-RPC messages to /mcp" },
        id: null,
      }),
      { status: 405, headers: { "content-type": "application/json", allow: "POST" } },
    );
  }
  const tooLarge = () => rpcError(-32600, `Request body is larger than ${MAX_BODY_BYTES} bytes`, 413);
  if (Number(c.req.header("content-length") ?? 0) > MAX_BODY_BYTES) return tooLarge();
  const text = await boundedText(c.req.raw, MAX_BODY_BYTES);
  if (text === null) return tooLarge();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(-32700, "Parse error: the body is not JSON");
  }
  if (Array.isArray(body) && body.length > MAX_BATCH)
    return rpcError(-32600, `At most ${MAX_BATCH} messages in one batch`);
  // The configured site (or, without PUBLIC_URL, this server on localhost), never the Host header.
  const [origin = ""] = siteOrigins(deps.settings);
  const server = directoryServer(deps, origin);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(c.req.raw, { parsedBody: body });
  } finally {
    // The answer is complete (JSON, not a stream): nothing of this exchange outlives it.
    void server.close();
  }
}
