import { Hono } from "hono";
import { listReviews, upsertReview } from "../../db/queries/reviews";
import { getTool } from "../../db/queries/tools";
import type { AppEnv } from "../context";
import { fail, idParam, parseBody } from "../errors";
import { requireUser } from "../middleware/auth";
import { memberWriteLimit } from "../middleware/write-limit";
import { documented } from "../openapi";
import { reviewInput } from "../schemas";

export const reviewRoutes = new Hono<AppEnv>();

documented({
  method: "get",
  path: "/reviews/tool/{toolId}",
  summary: "Reviews of a tool, newest first",
  access: "public",
});
reviewRoutes.get("/tool/:toolId", async (c) => {
  const toolId = idParam(c, "toolId");
  if (!(await getTool(c.var.deps.db, { id: toolId }))) fail(404, "Tool not found");
  const reviews = await listReviews(c.var.deps.db, toolId);
  return c.json(reviews.map(({ user_id, ...review }) => review));
});

documented({
  method: "post",
  path: "/reviews/tool/{toolId}",
  summary: "Review a tool (one per user; a second review replaces the first)",
  access: "user",
  body: reviewInput,
});
// Every post re-renders the tool's page: a member's posts count against their write budget.
reviewRoutes.post("/tool/:toolId", memberWriteLimit, async (c) => {
  const user = requireUser(c);
  const toolId = idParam(c, "toolId");
  const tool = await getTool(c.var.deps.db, { id: toolId });
  if (!tool) fail(404, "Tool not found");
  const { rating, comment } = await parseBody(c, reviewInput);
  const { user_id, ...review } = await upsertReview(c.var.deps.db, toolId, user.id, rating, comment);
  c.var.deps.onContentChange?.(`review: ${tool.slug}`, [tool]);
  const updated = await getTool(c.var.deps.db, { id: toolId });
  return c.json({ ...review, avg_rating: updated?.avg_rating ?? 0, review_count: updated?.review_count ?? 0 }, 201);
});
