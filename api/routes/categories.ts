import { Hono } from "hono";
import { getCategory, listCategories } from "../../db/queries/categories";
import type { AppEnv } from "../context";
import { fail, idParam } from "../errors";
import { documented } from "../openapi";

export const categoryRoutes = new Hono<AppEnv>();

documented({ method: "get", path: "/categories", summary: "All categories with their tool counts", access: "public" });
categoryRoutes.get("/", async (c) => {
  const list = await listCategories(c.var.deps.db);
  c.header("content-range", `categories 0-${Math.max(list.length - 1, 0)}/${list.length}`);
  return c.json(list);
});

documented({ method: "get", path: "/categories/slug/{slug}", summary: "A category by slug", access: "public" });
categoryRoutes.get("/slug/:slug", async (c) => {
  const category = await getCategory(c.var.deps.db, { slug: c.req.param("slug").slice(0, 200) });
  if (!category) fail(404, "Category not found");
  return c.json(category);
});

documented({ method: "get", path: "/categories/{id}", summary: "A category by id", access: "public" });
categoryRoutes.get("/:id", async (c) => {
  const category = await getCategory(c.var.deps.db, { id: idParam(c) });
  if (!category) fail(404, "Category not found");
  return c.json(category);
});
