import { createTag, deleteTag, getTag, mergeTags, TagConflict, tagList, updateTag } from "../../../db/queries/tags";
import { listTools } from "../../../db/queries/tools";
import type { Deps } from "../../context";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath, listQuery, tagInput, tagMerge } from "../../schemas";
import { listResponse } from "./list";

export const tagAdmin = apiRouter();

const conflict = (error: unknown): never => {
  if (error instanceof TagConflict) fail(409, error.message);
  throw error;
};

async function loadTag(deps: Deps, id: number) {
  const tag = await getTag(deps.db, { id });
  if (!tag) fail(404, "Tag not found");
  return tag;
}

/** The tools carrying a tag, as they are before a change to it (the pages showing them change). */
const toolsTagged = (deps: Deps, slug: string) =>
  listTools(deps.db, { tags: [slug], sort: "newest", limit: Number.MAX_SAFE_INTEGER, offset: 0 });

tagAdmin.openapi(
  route({
    operationId: "adminListTags",
    method: "get",
    path: "/",
    summary: "Tags with their tool counts (range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "tags", tagList, c.req.valid("query")),
);

tagAdmin.openapi(
  route({
    operationId: "getTag",
    method: "get",
    path: "/{id}",
    summary: "One tag",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => c.json(await loadTag(c.var.deps, c.req.valid("param").id)),
);

tagAdmin.openapi(
  route({
    operationId: "createTag",
    status: 201,
    method: "post",
    path: "/",
    summary: "Create a tag (the slug follows the name; names are unique in any letter case)",
    access: "admin",
    request: { body: jsonBody(tagInput) },
  }),
  async (c) => {
    const { name, description } = c.req.valid("json");
    const tag = await createTag(c.var.deps.db, { name, description }).catch(conflict);
    // No tool carries it yet: no page shows it, but the live build follows the content version.
    c.var.deps.onContentChange?.(`tag created: ${tag.slug}`, []);
    return c.json(tag, 201);
  },
);

tagAdmin.openapi(
  route({
    operationId: "updateTag",
    method: "put",
    path: "/{id}",
    summary: "Update a tag; a new name renames it and its slug",
    access: "admin",
    request: { params: idPath, body: jsonBody(tagInput) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const { name, description } = c.req.valid("json");
    const current = await loadTag(deps, id);
    const renamed = name !== current.name;
    const tools = renamed ? await toolsTagged(deps, current.slug) : [];
    const result = await updateTag(deps.db, id, { name, description }).catch(conflict);
    if (!result) fail(404, "Tag not found");
    // A new name shows on the page of every tool carrying the tag; a description on its own page only.
    deps.onContentChange?.(`tag updated: ${result.after.slug}`, tools, [result.before.slug, result.after.slug]);
    return c.json(result.after);
  },
);

tagAdmin.openapi(
  route({
    operationId: "mergeTags",
    method: "post",
    path: "/{id}/merge",
    summary: "Merge a tag into another: its tools carry `into_id` instead, and the tag is deleted",
    access: "admin",
    request: { params: idPath, body: jsonBody(tagMerge) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const { into_id } = c.req.valid("json");
    if (into_id === id) fail(422, "into_id: a tag cannot be merged into itself");
    const from = await loadTag(deps, id);
    const into = await getTag(deps.db, { id: into_id });
    if (!into) fail(422, "into_id: unknown tag");
    const tools = await toolsTagged(deps, from.slug);
    if (!(await mergeTags(deps.db, id, into_id))) fail(404, "Tag not found");
    deps.onContentChange?.(`tag merged: ${from.slug} into ${into.slug}`, tools, [from.slug, into.slug]);
    return c.json(await loadTag(deps, into_id));
  },
);

tagAdmin.openapi(
  route({
    operationId: "deleteTag",
    method: "delete",
    path: "/{id}",
    summary: "Delete a tag (its tools are kept)",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const tag = await loadTag(deps, id);
    const tools = await toolsTagged(deps, tag.slug);
    if (!(await deleteTag(deps.db, id))) fail(404, "Tag not found");
    deps.onContentChange?.(`tag deleted: ${tag.slug}`, tools, [tag.slug]);
    return c.json({ id, detail: "Tag deleted" });
  },
);
