import { isUniqueViolation } from "../../../db/client";
import {
  categoryList,
  categorySlugTaken,
  createCategory,
  deleteCategory,
  getCategory,
  updateCategory,
} from "../../../db/queries/categories";
import { toolsOfCategory } from "../../../db/queries/tools";
import { categorySlug } from "../../../lib/slug";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { categoryInput, idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

export const categoryAdmin = apiRouter();

const SLUG_EXISTS = "A category with this slug already exists";

/** Another process taking the same slug between the check and the write answers 409, never 500. */
const slugRace = (error: unknown): never => {
  if (isUniqueViolation(error, "categories.slug")) fail(409, SLUG_EXISTS);
  throw error;
};

categoryAdmin.openapi(
  route({
    operationId: "adminListCategories",
    method: "get",
    path: "/",
    summary: "Categories with their tool counts (range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "categories", categoryList, c.req.valid("query")),
);

categoryAdmin.openapi(
  route({
    operationId: "adminGetCategory",
    method: "get",
    path: "/{id}",
    summary: "One category",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const category = await getCategory(c.var.deps.db, { id: c.req.valid("param").id });
    if (!category) fail(404, "Category not found");
    return c.json(category);
  },
);

categoryAdmin.openapi(
  route({
    operationId: "createCategory",
    status: 201,
    method: "post",
    path: "/",
    summary: "Create a category",
    access: "admin",
    request: { body: jsonBody(categoryInput) },
  }),
  async (c) => {
    const { id, created_at, updated_at, tool_count, ...input } = c.req.valid("json");
    const slug = input.slug || categorySlug(input.name).replace(/^-+|-+$/g, "");
    if (!slug) fail(422, "slug: could not derive a slug from the name");
    if (await categorySlugTaken(c.var.deps.db, slug)) fail(409, SLUG_EXISTS);
    const category = await createCategory(c.var.deps.db, { ...input, slug }).catch(slugRace);
    c.var.deps.onContentChange?.(
      `category created: ${slug}`,
      [],
      [],
      [{ kind: "category", id: category.id, slug: null }],
    );
    return c.json(category, 201);
  },
);

categoryAdmin.openapi(
  route({
    operationId: "updateCategory",
    method: "put",
    path: "/{id}",
    summary: "Update a category",
    access: "admin",
    request: { params: idPath, body: jsonBody(categoryInput) },
  }),
  async (c) => {
    const categoryId = c.req.valid("param").id;
    const { id, created_at, updated_at, tool_count, ...input } = c.req.valid("json");
    const before = await getCategory(c.var.deps.db, { id: categoryId });
    if (!before) fail(404, "Category not found");
    if (input.slug && (await categorySlugTaken(c.var.deps.db, input.slug, categoryId))) fail(409, SLUG_EXISTS);
    const category = await updateCategory(c.var.deps.db, categoryId, input).catch(slugRace);
    c.var.deps.onContentChange?.(
      `category updated: ${category?.slug}`,
      [],
      [],
      [{ kind: "category", id: categoryId, slug: before.slug }],
    );
    return c.json(category);
  },
);

categoryAdmin.openapi(
  route({
    operationId: "deleteCategory",
    method: "delete",
    path: "/{id}",
    summary: "Delete a category (its tools are kept)",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const categoryId = c.req.valid("param").id;
    const { db } = c.var.deps;
    const before = await getCategory(db, { id: categoryId });
    // Its tools stay, uncategorised: they change as a move out of the category would.
    const moved = before ? await toolsOfCategory(db, categoryId) : [];
    if (!before || !(await deleteCategory(db, categoryId))) fail(404, "Category not found");
    // As the database holds them now (the foreign key sets their category to null).
    const after = moved.map((t) => ({ ...t, category_id: null, category_name: null, category_slug: null }));
    c.var.deps.onContentChange?.(
      `category deleted: ${before.slug}`,
      [...moved, ...after],
      [],
      [{ kind: "category", id: categoryId, slug: before.slug }],
    );
    return c.json({ id: categoryId, detail: "Category deleted" });
  },
);
