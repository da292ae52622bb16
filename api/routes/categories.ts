import { z } from "zod";
import { getCategory, listCategories } from "../../db/queries/categories";
import { fail } from "../errors";
import { apiRouter, route } from "../route";
import { idPath } from "../schemas";

export const categoryRoutes = apiRouter();

categoryRoutes.openapi(
  route({ method: "get", path: "/", summary: "All categories with their tool counts", access: "public" }),
  async (c) => {
    const list = await listCategories(c.var.deps.db);
    c.header("content-range", `categories 0-${Math.max(list.length - 1, 0)}/${list.length}`);
    return c.json(list);
  },
);

categoryRoutes.openapi(
  route({
    method: "get",
    path: "/slug/{slug}",
    summary: "A category by slug",
    access: "public",
    request: { params: z.object({ slug: z.string() }) },
  }),
  async (c) => {
    const category = await getCategory(c.var.deps.db, { slug: c.req.valid("param").slug.slice(0, 200) });
    if (!category) fail(404, "Category not found");
    return c.json(category);
  },
);

categoryRoutes.openapi(
  route({ method: "get", path: "/{id}", summary: "A category by id", access: "public", request: { params: idPath } }),
  async (c) => {
    const category = await getCategory(c.var.deps.db, { id: c.req.valid("param").id });
    if (!category) fail(404, "Category not found");
    return c.json(category);
  },
);
