import { z } from "zod";
import { getCategory, listCategories } from "../../db/queries/categories";
import { currentSlug } from "../../db/queries/slug-redirects";
import { fail } from "../errors";
import { apiRouter, bySlugResponses, route } from "../route";
import { idPath } from "../schemas";

export const categoryRoutes = apiRouter();

categoryRoutes.openapi(
  route({
    operationId: "listCategories",
    method: "get",
    path: "/",
    summary: "All categories with their tool counts",
    access: "public",
  }),
  async (c) => {
    const list = await listCategories(c.var.deps.db);
    c.header("content-range", `categories 0-${Math.max(list.length - 1, 0)}/${list.length}`);
    return c.json(list);
  },
);

categoryRoutes.openapi(
  route({
    operationId: "getCategoryBySlug",
    method: "get",
    path: "/slug/{slug}",
    summary: "A category by slug (an old slug of a renamed category: 301 to its current one)",
    access: "public",
    request: { params: z.object({ slug: z.string() }) },
    responses: bySlugResponses,
  }),
  async (c) => {
    const db = c.var.deps.db;
    const slug = c.req.valid("param").slug.slice(0, 200);
    const category = await getCategory(db, { slug });
    if (category) return c.json(category);
    const renamed = await currentSlug(db, "category", slug);
    if (renamed) return c.redirect(`/api/categories/slug/${encodeURIComponent(renamed)}`, 301);
    fail(404, "Category not found");
  },
);

categoryRoutes.openapi(
  route({
    operationId: "getCategory",
    method: "get",
    path: "/{id}",
    summary: "A category by id",
    access: "public",
    request: { params: idPath },
  }),
  async (c) => {
    const category = await getCategory(c.var.deps.db, { id: c.req.valid("param").id });
    if (!category) fail(404, "Category not found");
    return c.json(category);
  },
);
