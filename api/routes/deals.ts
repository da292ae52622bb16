import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { deleteDeal, getToolDeal, liveDeals, saveToolDeal } from "../../db/queries/deals";
import { getTool } from "../../db/queries/tools";
import { isPublicTool, seesAnyStatus } from "../../db/queries/visibility";
import type { AppEnv } from "../context";
import { dealBody, dealFrom } from "../deal-input";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { apiRouter, jsonBody, route } from "../route";
import { idPath } from "../schemas";

/** The live deals (GET /api/deals) and a tool's deal, set and removed by its verified owner or an admin. */
export const dealRoutes = apiRouter();
/** Mounted under /tools: /tools/{id}/deal. */
export const toolDealRoutes = apiRouter();

dealRoutes.openapi(
  route({
    operationId: "listDeals",
    method: "get",
    path: "/",
    summary: "The deals on listed tools, soonest ending first; with tool_id, that tool's deal or none",
    access: "public",
    request: {
      query: z.object({
        tool_id: z
          .string()
          .regex(/^[1-9][0-9]{0,15}$/, "tool_id must be a tool's id")
          .transform(Number)
          .optional(),
      }),
    },
  }),
  async (c) => {
    const { tool_id } = c.req.valid("query");
    // With tool_id, an empty list (not a 404) when the tool has none, never cached: its owner's
    // editor asks before there is one and again right after a change.
    c.header("cache-control", tool_id === undefined ? "public, max-age=60" : "no-store");
    return c.json(await liveDeals(c.var.deps.db, tool_id));
  },
);

toolDealRoutes.openapi(
  route({
    operationId: "getToolDeal",
    method: "get",
    path: "/{id}/deal",
    summary: "A tool's deal (404 when it has none)",
    access: "public",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const tool = await getTool(c.var.deps.db, { id });
    const deal = tool && isPublicTool(tool) ? await getToolDeal(c.var.deps.db, id) : null;
    if (!deal) fail(404, "This tool has no deal");
    return c.json(deal);
  },
);

/** The tool whose deal the caller may change: its verified owner's, or any for an admin. */
async function dealTool(c: Context<AppEnv>, id: number) {
  const user = requireUser(c);
  const tool = await getTool(c.var.deps.db, { id });
  // A listing the caller may not see (another member's, waiting for review) is as unknown as none.
  if (!tool || !(isPublicTool(tool) || seesAnyStatus(tool, user))) fail(404, "Tool not found");
  const owner = tool.is_verified && tool.submitted_by === user.id;
  if (!owner && user.role !== "admin") fail(403, "Only the tool's verified owner can change its deal");
  return { tool, user };
}

/** Who may change the deal is settled before the body is read: a stranger learns nothing of the rules. */
const dealOwnerOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = Number(c.req.param("id"));
  if (Number.isSafeInteger(id) && id > 0) await dealTool(c, id);
  return next();
};

toolDealRoutes.openapi(
  route({
    operationId: "setToolDeal",
    method: "put",
    path: "/{id}/deal",
    summary: "Add or replace a tool's deal: a discount code or a link, a description, an end date",
    access: "user",
    middleware: [dealOwnerOnly] as const,
    request: { params: idPath, body: jsonBody(dealBody) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { tool, user } = await dealTool(c, id);
    const input = dealFrom(c.req.valid("json"), c.var.deps.now?.() ?? new Date());
    const deal = await saveToolDeal(c.var.deps.db, id, input, user.id);
    c.var.deps.onContentChange?.(`deal on ${tool.name} set`, [], [], [{ kind: "deal", tool_id: id }]);
    return c.json(deal);
  },
);

toolDealRoutes.openapi(
  route({
    operationId: "deleteToolDeal",
    method: "delete",
    path: "/{id}/deal",
    summary: "Remove a tool's deal",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { tool } = await dealTool(c, id);
    if ((await deleteDeal(c.var.deps.db, { tool_id: id })) === null) fail(404, "This tool has no deal");
    c.var.deps.onContentChange?.(`deal on ${tool.name} removed`, [], [], [{ kind: "deal", tool_id: id }]);
    return c.json({ id });
  },
);
