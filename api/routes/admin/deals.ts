import { z } from "zod";
import { deleteDeal, getDeal, getToolDeal, listDeals, saveToolDeal } from "../../../db/queries/deals";
import { getTool } from "../../../db/queries/tools";
import { dealBody, dealFrom } from "../../deal-input";
import { fail } from "../../errors";
import { requireUser } from "../../middleware/auth";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath } from "../../schemas";

/** Deals as a react-admin resource: every tool's deal, added from a tool or here. */
export const dealAdmin = apiRouter();

const dealCreate = dealBody.extend({ tool_id: z.number().int().positive() });
/** react-admin sends the whole record back on an edit: its own fields are ignored. */
const dealUpdate = dealBody.extend({}).passthrough();

dealAdmin.openapi(
  route({ operationId: "listAdminDeals", method: "get", path: "/", summary: "Every deal", access: "admin" }),
  async (c) => {
    const rows = await listDeals(c.var.deps.db);
    c.header("content-range", `deals 0-${Math.max(0, rows.length - 1)}/${rows.length}`);
    c.header("access-control-expose-headers", "Content-Range");
    return c.json(rows);
  },
);

dealAdmin.openapi(
  route({
    operationId: "getAdminDeal",
    method: "get",
    path: "/{id}",
    summary: "One deal",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const deal = await getDeal(c.var.deps.db, c.req.valid("param").id);
    if (!deal) fail(404, "Deal not found");
    return c.json(deal);
  },
);

dealAdmin.openapi(
  route({
    operationId: "createAdminDeal",
    status: 201,
    method: "post",
    path: "/",
    summary: "Add a deal to a tool (a tool has one deal at a time)",
    access: "admin",
    request: { body: jsonBody(dealCreate) },
  }),
  async (c) => {
    const { tool_id, ...body } = c.req.valid("json");
    const tool = await getTool(c.var.deps.db, { id: tool_id });
    if (!tool) fail(422, "tool_id: no such tool");
    if (await getToolDeal(c.var.deps.db, tool_id)) fail(409, "This tool has a deal already: edit that one");
    const input = dealFrom(body, c.var.deps.now?.() ?? new Date());
    const deal = await saveToolDeal(c.var.deps.db, tool_id, input, requireUser(c).id);
    c.var.deps.onContentChange?.(`deal on ${tool.name} set`, [], [], [{ kind: "deal", tool_id }]);
    return c.json(deal, 201);
  },
);

dealAdmin.openapi(
  route({
    operationId: "updateAdminDeal",
    method: "put",
    path: "/{id}",
    summary: "Change a deal",
    access: "admin",
    request: { params: idPath, body: jsonBody(dealUpdate) },
  }),
  async (c) => {
    const found = await getDeal(c.var.deps.db, c.req.valid("param").id);
    if (!found) fail(404, "Deal not found");
    const { code, url, description, ends_at } = c.req.valid("json");
    const input = dealFrom({ code, url, description, ends_at }, c.var.deps.now?.() ?? new Date());
    const deal = await saveToolDeal(c.var.deps.db, found.tool_id, input, requireUser(c).id);
    c.var.deps.onContentChange?.(
      `deal on ${found.tool_name} changed`,
      [],
      [],
      [{ kind: "deal", tool_id: found.tool_id }],
    );
    return c.json(deal);
  },
);

dealAdmin.openapi(
  route({
    operationId: "deleteAdminDeal",
    method: "delete",
    path: "/{id}",
    summary: "Remove a deal",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const toolId = await deleteDeal(c.var.deps.db, { id });
    if (toolId === null) fail(404, "Deal not found");
    c.var.deps.onContentChange?.(`deal #${id} removed`, [], [], [{ kind: "deal", tool_id: toolId }]);
    return c.json({ id });
  },
);
