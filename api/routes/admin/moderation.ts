import type { Context } from "hono";
import { moderationEnabled, setModeration, setToolStatus, UnknownTools } from "../../../db/queries/moderation";
import { approveRevision, pendingRevisions, RevisionNotPending, rejectRevision } from "../../../db/queries/revisions";
import { SlugConflict } from "../../../db/queries/slugs";
import { editDecidedMail, submissionDecidedMail } from "../../../mail/events";
import { refundFastTracks } from "../../checkout-fulfilment";
import type { AppEnv } from "../../context";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { approveInput, idPath, moderationSwitch, rejectInput, revisionRejection } from "../../schemas";

/**
 * Moderation: approve or reject tools (one or up to MODERATION_BATCH per request, one
 * transaction: all or none), and the switch that makes members' submissions wait for review.
 * A status change re-renders what any tool change does: the tool's page (written or removed),
 * its category, tag and list pages, feeds, alternatives and the sitemap.
 */
export const moderationAdmin = apiRouter();

async function changeStatus(c: Context<AppEnv>, ids: number[], status: "published" | "rejected", reason?: string) {
  const deps = c.var.deps;
  const result = await setToolStatus(deps.db, ids, status, reason ?? null, (before) =>
    before
      .filter((tool) => tool.status !== status)
      .map((tool) => submissionDecidedMail(deps.settings, tool, status === "published", reason ?? null)),
  ).catch((error) => {
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
  // A rejected tool's paid review first is given back.
  if (status === "rejected") await refundFastTracks(deps, ids);
  return c.json({
    detail: `${slugs.length} ${slugs.length === 1 ? "tool" : "tools"} ${what}`,
    ids: result.after.map((t) => t.id),
    tools: result.after,
  });
}

moderationAdmin.openapi(
  route({
    operationId: "approveTools",
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
    operationId: "rejectTools",
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
    operationId: "getModeration",
    method: "get",
    path: "/moderation",
    summary: "Whether members' submissions wait for review",
    access: "admin",
  }),
  async (c) => c.json({ enabled: await moderationEnabled(c.var.deps.db) }),
);

moderationAdmin.openapi(
  route({
    operationId: "setModeration",
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

/** The most revisions the queue lists at once. */
const REVISION_PAGE = 500;

const notPending = (error: unknown): never => {
  if (error instanceof RevisionNotPending) fail(404, error.message);
  if (error instanceof SlugConflict) fail(409, error.message);
  throw error;
};

moderationAdmin.openapi(
  route({
    operationId: "listRevisions",
    method: "get",
    path: "/revisions",
    summary: "Members' edits of published tools waiting for review, oldest first, each with its field-by-field diff",
    access: "admin",
  }),
  async (c) => {
    const list = await pendingRevisions(c.var.deps.db, REVISION_PAGE);
    c.header("content-range", `revisions 0-${Math.max(list.length - 1, 0)}/${list.length}`);
    c.header("access-control-expose-headers", "Content-Range");
    return c.json(list);
  },
);

moderationAdmin.openapi(
  route({
    operationId: "approveRevision",
    method: "post",
    path: "/revisions/{id}/approve",
    summary: "Approve a member's edit: it goes live on the tool in one transaction",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const deps = c.var.deps;
    const { before, after } = await approveRevision(deps.db, c.req.valid("param").id, (tool, memberId) => [
      editDecidedMail(deps.settings, tool, memberId, null),
    ]).catch(notPending);
    deps.onContentChange?.(`tool changes approved: ${after.slug}`, [before, after]);
    return c.json({ detail: "Changes approved", tool: after });
  },
);

moderationAdmin.openapi(
  route({
    operationId: "rejectRevision",
    method: "post",
    path: "/revisions/{id}/reject",
    summary: "Reject a member's edit with a reason (1-500 characters); the live listing stays as it is",
    access: "admin",
    request: { params: idPath, body: jsonBody(revisionRejection) },
  }),
  async (c) => {
    const { reason } = c.req.valid("json");
    const { settings } = c.var.deps;
    const toolId = await rejectRevision(c.var.deps.db, c.req.valid("param").id, reason, (tool, memberId, when) => [
      editDecidedMail(settings, tool, memberId, reason, when),
    ]).catch(notPending);
    return c.json({ detail: "Changes rejected", tool_id: toolId });
  },
);
