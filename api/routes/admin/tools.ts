import { listPage } from "../../../db/queries/admin-list";
import { getCategory } from "../../../db/queries/categories";
import { splitReviewed, supersedeProposals } from "../../../db/queries/revisions";
import { unknownTagIds } from "../../../db/queries/tags";
import {
  createTool,
  deleteTool,
  getTool,
  ImportError,
  importTools,
  toolList,
  toolsBySlug,
  updateTool,
} from "../../../db/queries/tools";
import type { Deps } from "../../context";
import { CSV_TEMPLATE, CsvError, parseToolsCsvOffThread, toolsToCsv } from "../../csv";
import { csvUploadBody, csvUploadLimit, receiveCsv } from "../../csv-upload";
import { fail } from "../../errors";
import { imageUploadBody, imageUploadLimit, receiveImage } from "../../image-upload";
import { requireUser } from "../../middleware/auth";
import { apiRouter, jsonBody, route } from "../../route";
import { adminToolCreate, adminToolUpdate, idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

export const toolAdmin = apiRouter();

/** A category id given in a body must name a category (422 otherwise). */
export async function ensureCategory(deps: Deps, id: number | null | undefined) {
  if (id != null && !(await getCategory(deps.db, { id }))) fail(422, "category_id: unknown category");
}

/** Tag ids given in a body must each name a tag (422 otherwise). */
export async function ensureTags(deps: Deps, ids: number[] | undefined) {
  const unknown = ids ? await unknownTagIds(deps.db, ids) : [];
  if (unknown.length > 0) fail(422, `tag_ids: unknown tag ${unknown.slice(0, 5).join(", ")}`);
}

toolAdmin.openapi(
  route({
    operationId: "adminListTools",
    method: "get",
    path: "/",
    summary: "Every tool with admin fields (range/sort/filter, done in SQL)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "tools", toolList, c.req.valid("query")),
);

toolAdmin.openapi(
  route({
    operationId: "exportToolsCsv",
    method: "get",
    path: "/export.csv",
    summary: "Export every tool as CSV",
    access: "admin",
  }),
  async (c) => {
    const { rows } = await listPage(c.var.deps.db, toolList, {});
    return c.body(toolsToCsv(rows), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="tools.csv"',
    });
  },
);

toolAdmin.openapi(
  route({
    operationId: "getToolsCsvTemplate",
    method: "get",
    path: "/template.csv",
    summary: "CSV import template",
    access: "admin",
  }),
  (c) =>
    c.body(CSV_TEMPLATE, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="tools-template.csv"',
    }),
);

toolAdmin.openapi(
  route({
    operationId: "adminGetTool",
    method: "get",
    path: "/{id}",
    summary: "One tool with admin fields",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const tool = await getTool(c.var.deps.db, { id: c.req.valid("param").id }, true);
    if (!tool) fail(404, "Tool not found");
    return c.json(tool);
  },
);

toolAdmin.openapi(
  route({
    operationId: "adminCreateTool",
    status: 201,
    method: "post",
    path: "/",
    summary: "Create a tool (every field an admin may set; the slug is derived from the name)",
    access: "admin",
    request: { body: jsonBody(adminToolCreate) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const input = c.req.valid("json");
    await ensureCategory(deps, input.category_id);
    await ensureTags(deps, input.tag_ids);
    const created = await createTool(deps.db, input, requireUser(c).id);
    deps.onContentChange?.(`tool created: ${created.slug}`, [created]);
    return c.json(await getTool(deps.db, { id: created.id }, true), 201);
  },
);

toolAdmin.openapi(
  route({
    operationId: "adminUpdateTool",
    method: "put",
    path: "/{id}",
    summary: "Update a tool (every editable field)",
    access: "admin",
    request: { params: idPath, body: jsonBody(adminToolUpdate) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const { id } = c.req.valid("param");
    const tool = await getTool(deps.db, { id });
    if (!tool) fail(404, "Tool not found");
    const patch = c.req.valid("json");
    await ensureCategory(deps, patch.category_id);
    await ensureTags(deps, patch.tag_ids);
    const updated = await updateTool(deps.db, id, patch);
    await supersedeProposals(deps.db, id, splitReviewed(patch).reviewed);
    deps.onContentChange?.(`tool updated: ${tool.slug}`, updated ? [tool, updated] : [tool]);
    return c.json(updated);
  },
);

toolAdmin.openapi(
  route({
    operationId: "adminDeleteTool",
    method: "delete",
    path: "/{id}",
    summary: "Delete a tool",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const tool = await getTool(c.var.deps.db, { id });
    if (!tool || !(await deleteTool(c.var.deps.db, id))) fail(404, "Tool not found");
    c.var.deps.onContentChange?.(`tool deleted: ${tool.slug}`, [tool]);
    return c.json({ id, detail: "Tool deleted" });
  },
);

toolAdmin.openapi(
  route({
    operationId: "importToolsCsv",
    method: "post",
    path: "/upload-csv",
    summary:
      "Import tools from CSV (all-or-nothing; a row with an existing slug updates the fields of the file's columns only)",
    access: "admin",
    "x-upload": true,
    // The whole file is read, so its size is capped before anything else (413).
    middleware: [csvUploadLimit] as const,
    request: { body: csvUploadBody },
  }),
  async (c) => {
    const file = await receiveCsv(c);
    const bytes = new Uint8Array(await file.arrayBuffer());
    // A large file takes seconds to parse: the log shows an import under way.
    if (c.var.deps.settings.LOG_REQUESTS) {
      console.log(
        JSON.stringify({ level: "info", request_id: c.var.requestId, csv_import: "parsing", bytes: bytes.length }),
      );
    }
    try {
      const rows = await parseToolsCsvOffThread(bytes);
      const { db } = c.var.deps;
      const slugs = rows.map((r) => r.slug);
      // The tools the rows update, as they were, and every row's tool as it is.
      const before = await toolsBySlug(db, slugs);
      const result = await importTools(db, rows, requireUser(c).id);
      c.var.deps.onContentChange?.(`csv import: ${rows.length} rows`, [...before, ...(await toolsBySlug(db, slugs))]);
      return c.json({ count: rows.length, ...result });
    } catch (error) {
      if (error instanceof CsvError || error instanceof ImportError) fail(422, error.message);
      throw error;
    }
  },
);

/** A screenshot file instead of a URL, added after the tool's others. */
toolAdmin.openapi(
  route({
    operationId: "uploadScreenshot",
    method: "post",
    path: "/{id}/screenshots",
    summary: "Upload a screenshot (multipart field 'file': PNG, JPEG, WebP, GIF or SVG, at most 5 MB; 'alt_text')",
    access: "admin",
    "x-upload": true,
    middleware: [imageUploadLimit] as const,
    request: { params: idPath, body: imageUploadBody },
  }),
  async (c) => {
    const deps = c.var.deps;
    const tool = await getTool(deps.db, { id: c.req.valid("param").id }, true);
    if (!tool) fail(404, "Tool not found");
    if (tool.screenshots.length >= 10) fail(422, "screenshots: at most 10 screenshots");
    const { url, form } = await receiveImage(c);
    const alt = form.get("alt_text");
    const alt_text = typeof alt === "string" ? alt.trim().slice(0, 300) : "";
    const updated = await updateTool(deps.db, tool.id, { screenshots: [...tool.screenshots, { url, alt_text }] });
    deps.onContentChange?.(`tool screenshot uploaded: ${tool.slug}`, updated ? [tool, updated] : [tool]);
    return c.json(updated);
  },
);
