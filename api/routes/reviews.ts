import { z } from "zod";
import { deleteMemberReview, getMemberReview, listReviews, upsertReview } from "../../db/queries/reviews";
import { getPublicTool, getTool } from "../../db/queries/tools";
import { isPublicTool, seesAnyStatus } from "../../db/queries/visibility";
import { OWN_TOOL_REVIEW, ownsTool } from "../../lib/reviews";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { memberWriteLimit } from "../middleware/write-limit";
import { apiRouter, jsonBody, route } from "../route";
import { pathId, reviewInput } from "../schemas";

export const reviewRoutes = apiRouter();

const toolPath = z.object({ toolId: pathId });

reviewRoutes.openapi(
  route({
    operationId: "listReviews",
    method: "get",
    path: "/tool/{toolId}",
    summary: "Reviews of a tool, newest first",
    access: "public",
    request: { params: toolPath },
  }),
  async (c) => {
    const { toolId } = c.req.valid("param");
    const tool = await getTool(c.var.deps.db, { id: toolId });
    if (!tool || !(isPublicTool(tool) || seesAnyStatus(tool, c.var.user))) fail(404, "Tool not found");
    const reviews = await listReviews(c.var.deps.db, toolId);
    return c.json(reviews.map(({ user_id, ...review }) => review));
  },
);

reviewRoutes.openapi(
  route({
    operationId: "createReview",
    status: 201,
    method: "post",
    path: "/tool/{toolId}",
    summary: "Review a tool (one per user; a second review replaces the first; never your own tool: 403)",
    access: "user",
    // Every post re-renders the tool's page: a member's posts count against their write budget.
    middleware: [memberWriteLimit] as const,
    request: { params: toolPath, body: jsonBody(reviewInput) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { toolId } = c.req.valid("param");
    // Only a published tool can be reviewed.
    const tool = await getPublicTool(c.var.deps.db, { id: toolId });
    if (!tool) fail(404, "Tool not found");
    if (ownsTool(tool, user.id)) fail(403, OWN_TOOL_REVIEW);
    const { rating, comment } = c.req.valid("json");
    const { user_id, ...review } = await upsertReview(c.var.deps.db, toolId, user.id, rating, comment);
    c.var.deps.onContentChange?.(`review: ${tool.slug}`, [tool]);
    const updated = await getTool(c.var.deps.db, { id: toolId });
    return c.json({ ...review, avg_rating: updated?.avg_rating ?? 0, review_count: updated?.review_count ?? 0 }, 201);
  },
);

reviewRoutes.openapi(
  route({
    operationId: "getMyReview",
    status: [200, 204],
    method: "get",
    path: "/tool/{toolId}/me",
    summary: "The signed-in member's own review of a tool (204 when they have none)",
    access: "user",
    request: { params: toolPath },
  }),
  async (c) => {
    const user = requireUser(c);
    const { toolId } = c.req.valid("param");
    const mine = await getMemberReview(c.var.deps.db, toolId, user.id);
    if (!mine) return c.body(null, 204);
    const { user_id, ...review } = mine;
    return c.json(review);
  },
);

reviewRoutes.openapi(
  route({
    operationId: "deleteMyReview",
    method: "delete",
    path: "/tool/{toolId}/me",
    summary: "Delete the signed-in member's own review of a tool; answers the tool's new rating figures",
    access: "user",
    middleware: [memberWriteLimit] as const,
    request: { params: toolPath },
  }),
  async (c) => {
    const user = requireUser(c);
    const { toolId } = c.req.valid("param");
    const tool = await getPublicTool(c.var.deps.db, { id: toolId });
    if (!tool) fail(404, "Tool not found");
    if (!(await deleteMemberReview(c.var.deps.db, toolId, user.id))) fail(404, "Review not found");
    c.var.deps.onContentChange?.(`review: ${tool.slug}`, [tool]);
    const updated = await getTool(c.var.deps.db, { id: toolId });
    return c.json({ avg_rating: updated?.avg_rating ?? 0, review_count: updated?.review_count ?? 0 });
  },
);
