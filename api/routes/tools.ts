import { Hono } from "hono";
import { z } from "zod";
import { isUniqueViolation } from "../../db/client";
import { getCategory } from "../../db/queries/categories";
import type { Tool } from "../../db/queries/rows";
import {
  createTool,
  deleteTool,
  featuredToolsOf,
  getTool,
  isSaved,
  listTools,
  setSaved,
  type ToolFilter,
  trackClick,
  updateTool,
} from "../../db/queries/tools";
import type { User } from "../../db/schema";
import { PAGE_SIZE } from "../../lib/limits";
import type { AppEnv, Deps } from "../context";
import { fail, idParam, parseBody, parseQuery, parseWith } from "../errors";
import { requireUser } from "../middleware/auth";
import { trackClickOnce } from "../middleware/rate-limit";
import { memberWriteLimit } from "../middleware/write-limit";
import { documented } from "../openapi";
import { adminToolUpdate, memberToolUpdate, toolListQuery, toolSubmission } from "../schemas";

async function ensureCategory(deps: Deps, id: number | null | undefined) {
  if (id != null && !(await getCategory(deps.db, { id }))) fail(422, "category_id: unknown category");
}

async function loadTool(deps: Deps, id: number, adminFields = false) {
  const tool = await getTool(deps.db, { id }, adminFields);
  if (!tool) fail(404, "Tool not found");
  return tool;
}

export const toolRoutes = new Hono<AppEnv>();

/** No limit: what "every tool of the caller's own" asks of listTools. */
const EVERY = 1_000_000_000;

documented({
  method: "get",
  path: "/tools",
  summary:
    "List tools: search (ranked), category_id, pricing, limit (at most 100)/offset; signed in without a limit: the first page plus all your own; submitted_by=me for only your own",
  access: "optional",
  query: toolListQuery,
});
toolRoutes.get("/", async (c) => {
  const q = parseQuery(c, toolListQuery);
  const user = c.var.user;
  const db = c.var.deps.db;
  const filter: Omit<ToolFilter, "limit" | "offset"> = {
    search: q.search,
    categoryId: typeof q.category_id === "number" ? q.category_id : null,
    pricing: q.pricing && q.pricing !== "all" ? q.pricing : null,
    featured: q.featured ? q.featured === "true" : undefined,
    adminFields: user?.role === "admin",
  };
  const offset = q.offset ?? 0;
  if (q.submitted_by === "me") {
    const submittedBy = requireUser(c).id;
    return c.json(await listTools(db, { ...filter, submittedBy, limit: q.limit ?? EVERY, offset }));
  }
  // A page is at most 100 tools (the schema refuses more with a 422), for everyone.
  if (q.limit != null || !user) return c.json(await listTools(db, { ...filter, limit: q.limit ?? PAGE_SIZE, offset }));
  // SPEC §7's account call: a signed-in caller with no limit filters the list to their own tools
  // in the client, so it gets every tool of theirs plus the first page, at any catalogue size.
  const [page, own] = await Promise.all([
    listTools(db, { ...filter, limit: PAGE_SIZE, offset }),
    listTools(db, { ...filter, submittedBy: user.id, limit: EVERY, offset: 0 }),
  ]);
  return c.json(pageWithOwn(page, own, Boolean(q.search)));
});

/**
 * The first page and the caller's own tools, each once: in the directory's order (featured,
 * most saved, newest), or for a search the ranked page followed by the rest of the own tools.
 */
function pageWithOwn(page: Tool[], own: Tool[], ranked: boolean): Tool[] {
  const seen = new Set(page.map((t) => t.id));
  const merged = [...page, ...own.filter((t) => !seen.has(t.id))];
  if (ranked) return merged;
  return merged.sort(
    (a, b) => Number(b.is_featured) - Number(a.is_featured) || b.saves_count - a.saves_count || b.id - a.id,
  );
}

documented({ method: "post", path: "/tools", summary: "Submit a tool", access: "user", body: toolSubmission });
toolRoutes.post("/", memberWriteLimit, async (c) => {
  const user = requireUser(c);
  const input = await parseBody(c, toolSubmission);
  await ensureCategory(c.var.deps, input.category_id);
  const tool = await createTool(c.var.deps.db, input, user.id);
  c.var.deps.onContentChange?.(`tool submitted: ${tool.slug}`, [tool]);
  return c.json(tool, 201);
});

documented({ method: "get", path: "/tools/slug/{slug}", summary: "A tool by slug", access: "public" });
toolRoutes.get("/slug/:slug", async (c) => {
  const tool = await getTool(c.var.deps.db, { slug: c.req.param("slug").slice(0, 300) });
  if (!tool) fail(404, "Tool not found");
  return c.json(tool);
});

documented({ method: "get", path: "/tools/{id}", summary: "A tool by id", access: "public" });
toolRoutes.get("/:id", async (c) => c.json(await loadTool(c.var.deps, idParam(c), c.var.user?.role === "admin")));

/**
 * Owner or admin. A member may change the submit form's fields and is_featured (Pro only, one
 * featured tool at a time); an admin may change every editable field. Counters, slug, owner and
 * ids never come from the body.
 */
documented({
  method: "put",
  path: "/tools/{id}",
  summary: "Update a tool (owner: submit-form fields and is_featured under the Pro rules; admin: every field)",
  access: "user",
  body: adminToolUpdate,
});
toolRoutes.put("/:id", memberWriteLimit, async (c) => {
  const user = requireUser(c);
  const id = idParam(c);
  const deps = c.var.deps;
  const tool = await loadTool(deps, id);
  const isAdmin = user.role === "admin";
  if (!isAdmin && tool.submitted_by !== user.id) fail(403, "You can only edit your own tools");
  const raw = await parseBody(c, z.unknown());
  const patch = isAdmin ? parseWith(adminToolUpdate, raw) : parseWith(memberToolUpdate, raw);
  const ownerFeatures = !isAdmin && patch.is_featured === true && !tool.is_featured;
  if (ownerFeatures) await checkCanFeature(deps, user, id);
  await ensureCategory(deps, patch.category_id);
  const updated = await updateTool(deps.db, id, patch, { ownerFeatures }).catch((error) => {
    // The one-featured-tool index: another request featured one of the member's tools first.
    if (isUniqueViolation(error, "tools.submitted_by")) fail(409, ONE_FEATURED);
    throw error;
  });
  deps.onContentChange?.(`tool updated: ${tool.slug}`, updated ? [tool, updated] : [tool]);
  return c.json(updated);
});

const ONE_FEATURED = "You can only feature one tool at a time";

async function checkCanFeature(deps: Deps, user: User, toolId: number) {
  if (user.subscription_status !== "pro") fail(403, "Featuring a tool requires a Pro membership");
  if ((await featuredToolsOf(deps.db, user.id, toolId)).length > 0) fail(409, ONE_FEATURED);
}

documented({ method: "delete", path: "/tools/{id}", summary: "Delete a tool (owner or admin)", access: "user" });
toolRoutes.delete("/:id", memberWriteLimit, async (c) => {
  const user = requireUser(c);
  const id = idParam(c);
  const tool = await loadTool(c.var.deps, id);
  if (user.role !== "admin" && tool.submitted_by !== user.id) fail(403, "You can only delete your own tools");
  await deleteTool(c.var.deps.db, id);
  c.var.deps.onContentChange?.(`tool deleted: ${tool.slug}`, [tool]);
  return c.json({ detail: "Tool deleted", id });
});

documented({
  method: "get",
  path: "/tools/{id}/is-saved",
  summary: "Whether the current user saved the tool",
  access: "user",
});
toolRoutes.get("/:id/is-saved", async (c) => {
  const user = requireUser(c);
  const tool = await loadTool(c.var.deps, idParam(c));
  return c.json({ is_saved: await isSaved(c.var.deps.db, user.id, tool.id) });
});

documented({ method: "post", path: "/tools/{id}/save", summary: "Save (bookmark) a tool", access: "user" });
toolRoutes.post("/:id/save", async (c) => {
  const user = requireUser(c);
  const tool = await loadTool(c.var.deps, idParam(c));
  return c.json({ saves_count: await setSaved(c.var.deps.db, user.id, tool.id, true), is_saved: true });
});

documented({ method: "delete", path: "/tools/{id}/save", summary: "Remove a tool from saves", access: "user" });
toolRoutes.delete("/:id/save", async (c) => {
  const user = requireUser(c);
  const tool = await loadTool(c.var.deps, idParam(c));
  return c.json({ saves_count: await setSaved(c.var.deps.db, user.id, tool.id, false), is_saved: false });
});

documented({
  method: "post",
  path: "/tools/{id}/track-click",
  summary: "Record a visit-website click (one per address per tool per minute)",
  access: "public",
});
toolRoutes.post("/:id/track-click", async (c) => {
  const id = idParam(c);
  if (!(await trackClickOnce(c, id, () => trackClick(c.var.deps.db, id)))) fail(404, "Tool not found");
  return c.json({ ok: true });
});
