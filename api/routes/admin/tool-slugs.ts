import { z } from "zod";
import { releaseSlug } from "../../../db/queries/slug-redirects";
import { fail } from "../../errors";
import { apiRouter, route } from "../../route";

/**
 * Old slugs of tools: each stays reserved for its tool (also once it is deleted), so nobody else's
 * tool takes over its links. An admin may release one: DELETE, as react-admin deletes a record.
 */
export const toolSlugAdmin = apiRouter();

toolSlugAdmin.openapi(
  route({
    operationId: "releaseToolSlug",
    method: "delete",
    path: "/{slug}",
    summary: "Release a tool's reserved old slug: it stops redirecting and a new tool may take it",
    access: "admin",
    request: { params: z.object({ slug: z.string().min(1).max(300) }) },
  }),
  async (c) => {
    const slug = c.req.valid("param").slug;
    if (!(await releaseSlug(c.var.deps.db, "tool", slug))) fail(404, "No tool had this slug");
    return c.json({ id: slug, detail: "Slug released" });
  },
);
