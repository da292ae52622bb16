import type { Context } from "hono";
import { z } from "zod";
import { isUniqueViolation } from "../../db/client";
import { alternativesFor } from "../../db/queries/alternatives";
import { editNeedsReview, submissionStatus } from "../../db/queries/moderation";
import {
  proposeRevision,
  splitReviewed,
  supersedeProposals,
  toolsWithPendingRevision,
} from "../../db/queries/revisions";
import type { Tool } from "../../db/queries/rows";
import { currentSlug } from "../../db/queries/slug-redirects";
import {
  createTool,
  deleteTool,
  FeatureRefused,
  featuredToolsOf,
  getTool,
  isSaved,
  listTools,
  savedTools,
  searchTools,
  setSaved,
  type ToolFilter,
  trackClick,
  updateTool,
} from "../../db/queries/tools";
import { isPublicTool, seesAnyStatus } from "../../db/queries/visibility";
import type { User } from "../../db/schema";
import { PAGE_SIZE } from "../../lib/limits";
import type { AppEnv, Deps } from "../context";
import { describeZodError, fail, parseWith } from "../errors";
import { imageUploadBody, imageUploadLimit, receiveImage } from "../image-upload";
import { requireUser } from "../middleware/auth";
import { saveLimit, trackClickOnce } from "../middleware/rate-limit";
import { sameOriginOnly } from "../middleware/same-origin";
import { verifiedEmailToSubmit } from "../middleware/verified-email";
import { memberWriteLimit } from "../middleware/write-limit";
import { apiRouter, bySlugResponses, jsonBody, route } from "../route";
import { adminToolUpdate, idPath, memberToolUpdate, strictIdPath, toolListQuery, toolSubmission } from "../schemas";
import { ensureCategory, ensureTags } from "./admin/tools";

/**
 * The tool of `id` as the caller may see it: a pending or rejected tool exists only for its
 * submitter and admins (db/queries/visibility.ts); anyone else gets the same 404 as for no tool.
 */
async function loadTool(c: Context<AppEnv>, id: number, adminFields = false) {
  const tool = await getTool(c.var.deps.db, { id }, adminFields);
  if (!tool || !canSee(c, tool)) fail(404, "Tool not found");
  return tool;
}

const canSee = (c: Context<AppEnv>, tool: Tool) => isPublicTool(tool) || seesAnyStatus(tool, c.var.user);

/**
 * The tool of the path, when the caller owns it or is an admin: 404 for no such tool, 403 (with
 * `refusal`) for anyone else, checked before the body is read. The owner is its submitter, which
 * a verified claim makes its maker (db/queries/claims.ts).
 */
export async function ownTool(c: Context<AppEnv>, refusal?: string): Promise<Tool> {
  const user = requireUser(c);
  const id = parseWith(idPath, c.req.param()).id;
  const tool = await loadTool(c, id);
  if (user.role !== "admin" && tool.submitted_by !== user.id) {
    fail(403, refusal ?? `You can only ${c.req.method === "DELETE" ? "delete" : "edit"} your own tools`);
  }
  return tool;
}

export const toolRoutes = apiRouter();

/** No limit: what "every tool of the caller's own" asks of listTools. */
const EVERY = 1_000_000_000;

toolRoutes.openapi(
  route({
    operationId: "listTools",
    method: "get",
    path: "/",
    summary:
      "List tools: search (ranked), category_id, pricing, tag (slugs, comma-separated: every one), sort (relevance, newest, saves, rating, name), limit (at most 100)/offset; signed in without a limit: the first page plus all your own; submitted_by=me for only your own",
    access: "optional",
    request: { query: toolListQuery },
  }),
  async (c) => {
    const q = c.req.valid("query");
    const user = c.var.user;
    const db = c.var.deps.db;
    const filter: Omit<ToolFilter, "limit" | "offset"> = {
      search: q.search,
      categoryId: typeof q.category_id === "number" ? q.category_id : null,
      pricing: q.pricing && q.pricing !== "all" ? q.pricing : null,
      tags: q.tag,
      sort: q.sort,
      featured: q.featured ? q.featured === "true" : undefined,
      adminFields: user?.role === "admin",
    };
    // The caller's own tools are theirs to see in every status; everything else is published only.
    const anyStatus = { ...filter, visibility: "any" } as const;
    const offset = q.offset ?? 0;
    if (q.submitted_by === "me") {
      const submittedBy = requireUser(c).id;
      const own = await listTools(db, { ...anyStatus, submittedBy, limit: q.limit ?? EVERY, offset });
      return c.json(await withPendingRevisions(db, submittedBy, own));
    }
    // A page is at most 100 tools (the schema refuses more with a 422), for everyone.
    if (q.limit != null || !user) {
      const found = await searchTools(db, { ...filter, limit: q.limit ?? PAGE_SIZE, offset });
      // The body stays the spec's plain array; a correction of the query travels in a header,
      // percent-encoded (UTF-8): a header value carries no letter past Latin-1 as it is.
      if (found.corrected) {
        c.header("x-search-corrected", encodeURIComponent(found.corrected));
        c.header("access-control-expose-headers", "x-search-corrected");
      }
      return c.json(found.tools);
    }
    // SPEC §7's account call: a signed-in caller with no limit filters the list to their own tools
    // in the client, so it gets every tool of theirs plus the first page, at any catalogue size.
    const [page, own] = await Promise.all([
      listTools(db, { ...filter, limit: PAGE_SIZE, offset }),
      listTools(db, { ...anyStatus, submittedBy: user.id, limit: EVERY, offset: 0 }),
    ]);
    const merged = pageWithOwn(page, own, Boolean(q.search) || Boolean(q.sort));
    return c.json(await withPendingRevisions(db, user.id, merged));
  },
);

/**
 * The caller's own tools carry `pending_revision`: whether an edit of theirs waits for review
 * (the account page says so). Nobody else learns of it.
 */
async function withPendingRevisions(db: Deps["db"], userId: number, list: Tool[]) {
  const pending = await toolsWithPendingRevision(
    db,
    list.filter((t) => t.submitted_by === userId).map((t) => t.id),
  );
  return list.map((t) => (t.submitted_by === userId ? { ...t, pending_revision: pending.has(t.id) } : t));
}

/**
 * The first page and the caller's own tools, each once: in the directory's order (featured,
 * most saved, newest), or for a search or a chosen sort the page in its order followed by the
 * rest of the own tools.
 */
function pageWithOwn(page: Tool[], own: Tool[], ranked: boolean): Tool[] {
  const seen = new Set(page.map((t) => t.id));
  const merged = [...page, ...own.filter((t) => !seen.has(t.id))];
  if (ranked) return merged;
  return merged.sort(
    (a, b) => Number(b.is_featured) - Number(a.is_featured) || b.saves_count - a.saves_count || b.id - a.id,
  );
}

toolRoutes.openapi(
  route({
    operationId: "createTool",
    status: 201,
    method: "post",
    path: "/",
    summary: "Submit a tool",
    access: "user",
    middleware: [verifiedEmailToSubmit, memberWriteLimit] as const,
    request: { body: jsonBody(toolSubmission) },
  }),
  async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    await ensureCategory(c.var.deps, input.category_id);
    await ensureTags(c.var.deps, input.tag_ids);
    const status = await submissionStatus(c.var.deps.db, user);
    const tool = await createTool(c.var.deps.db, input, user.id, status);
    const what = status === "pending" ? "tool submitted for review" : "tool submitted";
    c.var.deps.onContentChange?.(`${what}: ${tool.slug}`, [tool]);
    return c.json(tool, 201);
  },
);

toolRoutes.openapi(
  route({
    operationId: "listSavedTools",
    method: "get",
    path: "/saved",
    summary: "The published tools you saved, the newest save first (at most 500)",
    access: "user",
  }),
  async (c) => c.json(await savedTools(c.var.deps.db, requireUser(c).id)),
);

toolRoutes.openapi(
  route({
    operationId: "getToolBySlug",
    method: "get",
    path: "/slug/{slug}",
    summary: "A tool by slug (an old slug of a renamed tool: 301 to its current one)",
    access: "public",
    request: { params: z.object({ slug: z.string() }) },
    responses: bySlugResponses,
  }),
  async (c) => {
    const db = c.var.deps.db;
    const slug = c.req.valid("param").slug.slice(0, 300);
    const tool = await getTool(db, { slug });
    if (tool && canSee(c, tool)) return c.json(tool);
    // A hidden tool's slug is not told apart from an unknown one.
    if (tool) fail(404, "Tool not found");
    // The owner of a hidden tool follows its old slug too: who may see it is checked below.
    const renamed = await currentSlug(db, "tool", slug, { anyStatus: true });
    const target = renamed ? await getTool(db, { slug: renamed }) : null;
    if (renamed && target && canSee(c, target))
      return c.redirect(`/api/tools/slug/${encodeURIComponent(renamed)}`, 301);
    fail(404, "Tool not found");
  },
);

toolRoutes.openapi(
  route({
    operationId: "getTool",
    method: "get",
    path: "/{id}",
    summary: "A tool by id",
    access: "public",
    request: { params: idPath },
  }),
  async (c) => c.json(await loadTool(c, c.req.valid("param").id, c.var.user?.role === "admin")),
);

toolRoutes.openapi(
  route({
    operationId: "listAlternatives",
    method: "get",
    path: "/{id}/alternatives",
    summary:
      "A tool's alternatives, best first (at most 10): each tool with its score and the reasons it matches; the list its alternatives page shows",
    access: "public",
    request: { params: strictIdPath },
  }),
  async (c) => {
    const list = await alternativesFor(c.var.deps.db, c.req.valid("param").id);
    if (!list) fail(404, "Tool not found");
    return c.json(list);
  },
  // Unlike the other tool routes, a malformed id is a client error of its own here: 422.
  (result, c) => {
    if (!result.success) return c.json({ detail: describeZodError(result.error) }, 422);
  },
);

/**
 * Owner or admin. A member may change the submit form's fields and is_featured (Pro only, one
 * featured tool at a time); an admin may change every editable field. Counters, slug, owner and
 * ids never come from the body.
 */
toolRoutes.openapi(
  route({
    operationId: "updateTool",
    method: "put",
    path: "/{id}",
    summary: "Update a tool (owner: submit-form fields and is_featured under the Pro rules; admin: every field)",
    access: "user",
    middleware: [memberWriteLimit] as const,
    request: { params: idPath, body: jsonBody(adminToolUpdate) },
  }),
  async (c) => {
    const user = requireUser(c);
    const tool = await ownTool(c);
    const id = tool.id;
    const deps = c.var.deps;
    const isAdmin = user.role === "admin";
    // The admin's fields passed validation; a member's body must hold only the submit form's. A
    // request without a body passed as an empty change (the validator read nothing to parse).
    const patch = isAdmin
      ? c.req.valid("json")
      : parseWith(memberToolUpdate, c.req.header("content-type") ? await c.req.json() : {});
    const ownerFeatures = !isAdmin && patch.is_featured === true && !tool.is_featured;
    if (ownerFeatures) await checkCanFeature(deps, user, id);
    await ensureCategory(deps, patch.category_id);
    await ensureTags(deps, patch.tag_ids);
    // A rejected tool edited by its owner is resubmitted; any other edit keeps its status (an
    // owner's published listing stays live).
    const resubmit = !isAdmin && tool.status === "rejected" ? await submissionStatus(deps.db, user) : undefined;
    // A member's change to what the listing says or shows waits for review (decision 015): the
    // live listing stays as approved, the rest of the edit goes live now.
    const held = !isAdmin && (await editNeedsReview(deps.db, user, tool)) ? splitReviewed(patch) : null;
    const updated = await updateTool(deps.db, id, held ? held.rest : patch, { ownerFeatures, status: resubmit }).catch(
      (error) => {
        // The one-featured-tool index: another request featured one of the member's tools first.
        if (isUniqueViolation(error, "tools.submitted_by")) fail(409, ONE_FEATURED);
        // Pro ended (cancelled, run out) after the request read the member.
        if (error instanceof FeatureRefused) fail(403, NEEDS_PRO);
        throw error;
      },
    );
    const what = resubmit ? "tool resubmitted" : "tool updated";
    deps.onContentChange?.(`${what}: ${tool.slug}`, updated ? [tool, updated] : [tool]);
    if (!held) await supersedeProposals(deps.db, id, splitReviewed(patch).reviewed);
    if (!held || !updated) return c.json(updated);
    return c.json({ ...updated, pending_revision: await proposeRevision(deps.db, tool, user.id, held.reviewed) });
  },
);

/**
 * Owner or admin: a logo file instead of a URL. The tool's logo_url becomes the stored copy's own
 * address, shown on its pages from the next render.
 */
toolRoutes.openapi(
  route({
    operationId: "uploadToolLogo",
    method: "post",
    path: "/{id}/logo",
    summary: "Upload a logo image (owner or admin; multipart field 'file': PNG, JPEG, WebP, GIF or SVG, at most 5 MB)",
    access: "user",
    "x-upload": true,
    middleware: [memberWriteLimit, imageUploadLimit] as const,
    request: { params: idPath, body: imageUploadBody },
  }),
  async (c) => {
    const tool = await ownTool(c);
    const { url } = await receiveImage(c);
    const deps = c.var.deps;
    const user = requireUser(c);
    if (await editNeedsReview(deps.db, user, tool)) {
      const pending = await proposeRevision(deps.db, tool, user.id, { logo_url: url });
      return c.json({ ...tool, pending_revision: pending });
    }
    const updated = await updateTool(deps.db, tool.id, { logo_url: url }, { ownerFeatures: false });
    deps.onContentChange?.(`tool logo uploaded: ${tool.slug}`, updated ? [tool, updated] : [tool]);
    return c.json(updated);
  },
);

const ONE_FEATURED = "You can only feature one tool at a time";
const NEEDS_PRO = "Featuring a tool requires a Pro membership";

async function checkCanFeature(deps: Deps, user: User, toolId: number) {
  if (user.subscription_status !== "pro") fail(403, NEEDS_PRO);
  if ((await featuredToolsOf(deps.db, user.id, toolId)).length > 0) fail(409, ONE_FEATURED);
}

toolRoutes.openapi(
  route({
    operationId: "deleteTool",
    method: "delete",
    path: "/{id}",
    summary: "Delete a tool (owner or admin)",
    access: "user",
    middleware: [memberWriteLimit] as const,
    request: { params: idPath },
  }),
  async (c) => {
    const tool = await ownTool(c);
    await deleteTool(c.var.deps.db, tool.id);
    c.var.deps.onContentChange?.(`tool deleted: ${tool.slug}`, [tool]);
    return c.json({ detail: "Tool deleted", id: tool.id });
  },
);

toolRoutes.openapi(
  route({
    operationId: "isToolSaved",
    method: "get",
    path: "/{id}/is-saved",
    summary: "Whether the current user saved the tool",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const tool = await loadTool(c, c.req.valid("param").id);
    return c.json({ is_saved: await isSaved(c.var.deps.db, requireUser(c).id, tool.id) });
  },
);

/**
 * Saves or unsaves the path's tool for the caller; answers the new count. A count that moved is
 * a change of the tool: its pages show it, and the directory's order and the most-saved
 * comparisons follow it.
 */
async function save(c: Context<AppEnv>, id: number, saved: boolean) {
  const deps = c.var.deps;
  const tool = await loadTool(c, id);
  const count = await setSaved(deps.db, requireUser(c).id, tool.id, saved);
  if (count !== tool.saves_count) {
    const after = await getTool(deps.db, { id: tool.id });
    deps.onContentChange?.(`tool ${saved ? "saved" : "unsaved"}: ${tool.slug}`, after ? [tool, after] : [tool]);
  }
  return c.json({ saves_count: count, is_saved: saved });
}

toolRoutes.openapi(
  route({
    operationId: "saveTool",
    method: "post",
    path: "/{id}/save",
    summary: "Save (bookmark) a tool",
    access: "user",
    middleware: [saveLimit] as const,
    request: { params: idPath },
  }),
  (c) => save(c, c.req.valid("param").id, true),
);

toolRoutes.openapi(
  route({
    operationId: "unsaveTool",
    method: "delete",
    path: "/{id}/save",
    summary: "Remove a tool from saves",
    access: "user",
    middleware: [saveLimit] as const,
    request: { params: idPath },
  }),
  (c) => save(c, c.req.valid("param").id, false),
);

toolRoutes.openapi(
  route({
    operationId: "trackClick",
    method: "post",
    path: "/{id}/track-click",
    summary: "Record a visit-website click (one per address per tool per minute; cross-site requests: 403)",
    access: "public",
    middleware: [sameOriginOnly] as const,
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    if (!(await trackClickOnce(c, id, () => trackClick(c.var.deps.db, id)))) fail(404, "Tool not found");
    return c.json({ ok: true });
  },
);
