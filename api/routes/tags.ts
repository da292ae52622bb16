import { listTags } from "../../db/queries/tags";
import { apiRouter, route } from "../route";

export const tagRoutes = apiRouter();

tagRoutes.openapi(
  route({
    operationId: "listTags",
    method: "get",
    path: "/",
    summary: "All tags with how many tools carry each",
    access: "public",
  }),
  async (c) => c.json(await listTags(c.var.deps.db)),
);
