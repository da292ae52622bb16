import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { isUniqueViolation } from "../../db/client";
import { getArticle } from "../../db/queries/articles";
import { listBuilds } from "../../db/queries/builds";
import {
  categorySlugTaken,
  createCategory,
  deleteCategory,
  getCategory,
  updateCategory,
} from "../../db/queries/categories";
import { adminStats } from "../../db/queries/stats";
import { deleteTool, getTool, ImportError, importTools, listTools } from "../../db/queries/tools";
import { categorySlug } from "../../lib/slug";
import type { AppEnv } from "../context";
import { CSV_TEMPLATE, CsvError, parseToolsCsv, toolsToCsv } from "../csv";
import { fail, idParam, parseBody } from "../errors";
import { adminOnly, requireAdmin } from "../middleware/auth";
import { documented } from "../openapi";
import { categoryInput } from "../schemas";
import { listResponse } from "./list-response";

export const adminRoutes = new Hono<AppEnv>();
const app = adminRoutes;
app.use("*", adminOnly);

documented({ method: "get", path: "/admin/stats", summary: "Dashboard statistics", access: "admin" });
app.get("/stats", async (c) => c.json(await adminStats(c.var.deps.db)));

documented({
  method: "get",
  path: "/admin/tools",
  summary: "Every tool with admin fields (range/sort/filter)",
  access: "admin",
});
app.get("/tools", async (c) => {
  const tools = await listTools(c.var.deps.db, { limit: 1_000_000, offset: 0, adminFields: true });
  return listResponse(c, "tools", tools);
});

documented({ method: "get", path: "/admin/tools/export.csv", summary: "Export every tool as CSV", access: "admin" });
app.get("/tools/export.csv", async (c) => {
  const tools = await listTools(c.var.deps.db, { limit: 1_000_000, offset: 0, adminFields: true });
  return c.body(toolsToCsv(tools), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": 'attachment; filename="tools.csv"',
  });
});

documented({ method: "get", path: "/admin/tools/template.csv", summary: "CSV import template", access: "admin" });
app.get("/tools/template.csv", (c) =>
  c.body(CSV_TEMPLATE, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": 'attachment; filename="tools-template.csv"',
  }),
);

documented({ method: "get", path: "/admin/tools/{id}", summary: "One tool with admin fields", access: "admin" });
app.get("/tools/:id", async (c) => {
  const tool = await getTool(c.var.deps.db, { id: idParam(c) }, true);
  if (!tool) fail(404, "Tool not found");
  return c.json(tool);
});

documented({ method: "delete", path: "/admin/tools/{id}", summary: "Delete a tool", access: "admin" });
app.delete("/tools/:id", async (c) => {
  const id = idParam(c);
  const tool = await getTool(c.var.deps.db, { id });
  if (!tool || !(await deleteTool(c.var.deps.db, id))) fail(404, "Tool not found");
  c.var.deps.onContentChange?.(`tool deleted: ${tool.slug}`, [tool]);
  return c.json({ id, detail: "Tool deleted" });
});

documented({
  method: "post",
  path: "/admin/tools/upload-csv",
  summary: "Import tools from CSV (all-or-nothing; existing slugs are updated)",
  access: "admin",
  upload: true,
});
app.post(
  "/tools/upload-csv",
  (c, next) => {
    const max = c.var.deps.settings.MAX_CSV_BYTES;
    return bodyLimit({
      maxSize: max,
      onError: (ctx) => ctx.json({ detail: `The file is larger than ${(max / 1024 / 1024).toFixed(1)} MB` }, 413),
    })(c, next);
  },
  async (c) => {
    const admin = requireAdmin(c);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      fail(400, "Send the CSV as multipart/form-data in the field 'file'");
    }
    const file = form.get("file");
    if (!(file instanceof File)) fail(400, "Send the CSV as multipart/form-data in the field 'file'");
    if (!/\.csv$/i.test(file.name)) fail(415, "Only .csv files can be uploaded");
    let content: string;
    try {
      content = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      fail(422, "The file is not valid UTF-8 text");
    }
    try {
      const rows = parseToolsCsv(content);
      const result = await importTools(c.var.deps.db, rows, admin.id);
      c.var.deps.onContentChange?.(`csv import: ${rows.length} rows`);
      return c.json({ count: rows.length, ...result });
    } catch (error) {
      if (error instanceof CsvError || error instanceof ImportError) fail(422, error.message);
      throw error;
    }
  },
);

const CATEGORY_SLUG_EXISTS = "A category with this slug already exists";

/** Another process taking the same slug between the check and the write answers 409, never 500. */
async function categorySlugRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "categories.slug")) fail(409, CATEGORY_SLUG_EXISTS);
    throw error;
  }
}

documented({
  method: "post",
  path: "/admin/categories",
  summary: "Create a category",
  access: "admin",
  body: categoryInput,
});
app.post("/categories", async (c) => {
  const { id, created_at, updated_at, tool_count, ...input } = await parseBody(c, categoryInput);
  const slug = input.slug || categorySlug(input.name).replace(/^-+|-+$/g, "");
  if (!slug) fail(422, "slug: could not derive a slug from the name");
  if (await categorySlugTaken(c.var.deps.db, slug)) fail(409, CATEGORY_SLUG_EXISTS);
  const category = await categorySlugRace(() => createCategory(c.var.deps.db, { ...input, slug }));
  c.var.deps.onContentChange?.(`category created: ${slug}`);
  return c.json(category, 201);
});

documented({
  method: "put",
  path: "/admin/categories/{id}",
  summary: "Update a category",
  access: "admin",
  body: categoryInput,
});
app.put("/categories/:id", async (c) => {
  const categoryId = idParam(c);
  const { id, created_at, updated_at, tool_count, ...input } = await parseBody(c, categoryInput);
  if (!(await getCategory(c.var.deps.db, { id: categoryId }))) fail(404, "Category not found");
  if (input.slug && (await categorySlugTaken(c.var.deps.db, input.slug, categoryId))) fail(409, CATEGORY_SLUG_EXISTS);
  const category = await categorySlugRace(() => updateCategory(c.var.deps.db, categoryId, input));
  c.var.deps.onContentChange?.(`category updated: ${category?.slug}`);
  return c.json(category);
});

documented({
  method: "delete",
  path: "/admin/categories/{id}",
  summary: "Delete a category (its tools are kept)",
  access: "admin",
});
app.delete("/categories/:id", async (c) => {
  const id = idParam(c);
  if (!(await deleteCategory(c.var.deps.db, id))) fail(404, "Category not found");
  c.var.deps.onContentChange?.(`category deleted: ${id}`);
  return c.json({ id, detail: "Category deleted" });
});

documented({ method: "get", path: "/admin/articles/{id}", summary: "One article by id", access: "admin" });
app.get("/articles/:id", async (c) => {
  const article = await getArticle(c.var.deps.db, { id: idParam(c) });
  if (!article) fail(404, "Article not found");
  return c.json(article);
});

documented({ method: "get", path: "/admin/builds", summary: "Recent site builds", access: "admin" });
app.get("/builds", async (c) => c.json(await listBuilds(c.var.deps.db, 20)));

documented({ method: "post", path: "/admin/rebuild", summary: "Rebuild the public site now", access: "admin" });
app.post("/rebuild", async (c) => {
  const rebuild = c.var.deps.rebuild;
  if (!rebuild) fail(409, "No site builder runs in this process");
  void rebuild.now("requested from the dashboard");
  return c.json({ detail: "Rebuild started" }, 202);
});
