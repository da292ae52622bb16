import { Hono } from "hono";
import { z } from "zod";
import { getCategory } from "../../db/queries/categories";
import {
  createTool,
  deleteTool,
  featuredToolsOf,
  getTool,
  isSaved,
  listTools,
  setSaved,
  trackClick,
  updateTool,
} from "../../db/queries/tools";
import type { User } from "../../db/schema";
import { PAGE_SIZE } from "../../lib/limits";
import type { AppEnv, Deps } from "../context";
import { fail, idParam, parseBody, parseQuery, parseWith } from "../errors";
import { requireUser } from "../middleware/auth";
import { trackClickOnce } from "../middleware/rate-limit";
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

documented({
  method: "get",
  path: "/tools",
  summary: "List tools: search (ranked), category_id, pricing, limit/offset; submitted_by=me for your own",
  access: "optional",
  query: toolListQuery,
});
toolRoutes.get("/", async (c) => {
  const q = parseQuery(c, toolListQuery);
  const user = c.var.user;
  let submittedBy: number | undefined;
  if (q.submitted_by === "me") submittedBy = requireUser(c).id;
  const tools = await listTools(c.var.deps.db, {
    search: q.search,
    categoryId: typeof q.category_id === "number" ? q.category_id : null,
    pricing: q.pricing && q.pricing !== "all" ? q.pricing : null,
    submittedBy,
    featured: q.featured ? q.featured === "true" : undefined,
    // A signed-in caller with no limit gets the whole list (SPEC §7 account call); others a page.
    limit: q.limit ?? (user ? 100_000 : PAGE_SIZE),
    offset: q.offset ?? 0,
    adminFields: user?.role === "admin",
  });
  return c.json(tools);
});

documented({ method: "post", path: "/tools", summary: "Submit a tool", access: "user", body: toolSubmission });
toolRoutes.post("/", async (c) => {
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
toolRoutes.put("/:id", async (c) => {
  const user = requireUser(c);
  const id = idParam(c);
  const deps = c.var.deps;
  const tool = await loadTool(deps, id);
  const isAdmin = user.role === "admin";
  if (!isAdmin && tool.submitted_by !== user.id) fail(403, "You can only edit your own tools");
  const raw = await parseBody(c, z.unknown());
  const patch = isAdmin ? parseWith(adminToolUpdate, raw) : parseWith(memberToolUpdate, raw);
  if (!isAdmin && patch.is_featured === true && !tool.is_featured) await checkCanFeature(deps, user, id);
  await ensureCategory(deps, patch.category_id);
  const updated = await updateTool(deps.db, id, patch);
  deps.onContentChange?.(`tool updated: ${tool.slug}`, updated ? [tool, updated] : [tool]);
  return c.json(updated);
});

async function checkCanFeature(deps: Deps, user: User, toolId: number) {
  if (user.subscription_status !== "pro") fail(403, "Featuring a tool requires a Pro membership");
  if ((await featuredToolsOf(deps.db, user.id, toolId)).length > 0) {
    fail(409, "You can only feature one tool at a time");
  }
}

documented({ method: "delete", path: "/tools/{id}", summary: "Delete a tool (owner or admin)", access: "user" });
toolRoutes.delete("/:id", async (c) => {
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
