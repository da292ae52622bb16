import type { Context } from "hono";
import { moderationEnabled, setModeration, setToolStatus, UnknownTools } from "../../../db/queries/moderation";
import type { AppEnv } from "../../context";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { approveInput, moderationSwitch, rejectInput } from "../../schemas";

/**
 * Moderation: approve or reject tools (one or up to MODERATION_BATCH per request, one
 * transaction: all or none), and the switch that makes members' submissions wait for review.
 * A status change re-renders what any tool change does: the tool's page (written or removed),
 * its category, tag and list pages, feeds, alternatives and the sitemap.
 */
export const moderationAdmin = apiRouter();

async function changeStatus(c: Context<AppEnv>, ids: number[], status: "published" | "rejected", reason?: string) {
  const deps = c.var.deps;
  const result = await setToolStatus(deps.db, ids, status, reason ?? null).catch((error) => {
    if (error instanceof UnknownTools) fail(422, error.message);
    throw error;
  });
  const what = status === "published" ? "approved" : "rejected";
  const slugs = result.after.map((t) => t.slug);
  const named =
    slugs.length === 1
      ? `tool ${what}: ${slugs[0]}`
      : `${slugs.length} tools ${what}: ${slugs.slice(0, 5).join(", ")}${slugs.length > 5 ? ", ..." : ""}`;
  deps.onContentChange?.(named, [...result.before, ...result.after]);
  return c.json({
    detail: `${slugs.length} ${slugs.length === 1 ? "tool" : "tools"} ${what}`,
    ids: result.after.map((t) => t.id),
    tools: result.after,
  });
}

moderationAdmin.openapi(
  route({
    method: "post",
    path: "/tools/approve",
    summary: "Approve tools: published at once (ids: 1 to 500, all or none)",
    access: "admin",
    request: { body: jsonBody(approveInput) },
  }),
  async (c) => changeStatus(c, c.req.valid("json").ids, "published"),
);

moderationAdmin.openapi(
  route({
    method: "post",
    path: "/tools/reject",
    summary: "Reject tools with a reason (1-500 characters) their owners see (ids: 1 to 500, all or none)",
    access: "admin",
    request: { body: jsonBody(rejectInput) },
  }),
  async (c) => {
    const { ids, reason } = c.req.valid("json");
    return changeStatus(c, ids, "rejected", reason);
  },
);

moderationAdmin.openapi(
  route({
    method: "get",
    path: "/moderation",
    summary: "Whether members' submissions wait for review",
    access: "admin",
  }),
  async (c) => c.json({ enabled: await moderationEnabled(c.var.deps.db) }),
);

moderationAdmin.openapi(
  route({
    method: "put",
    path: "/moderation",
    summary: "Turn moderation of members' submissions on or off",
    access: "admin",
    request: { body: jsonBody(moderationSwitch) },
  }),
  async (c) => {
    const { enabled } = c.req.valid("json");
    await setModeration(c.var.deps.db, enabled);
    return c.json({ enabled });
  },
);
