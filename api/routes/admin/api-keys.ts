import { apiKeyList, getAdminApiKey, revokeApiKey } from "../../../db/queries/api-keys";
import { fail } from "../../errors";
import { apiRouter, route } from "../../route";
import { idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

/** Every member's API keys with their use; the admin may revoke any (DELETE revokes, keeping its history). */
export const apiKeyAdmin = apiRouter();

apiKeyAdmin.openapi(
  route({
    operationId: "adminListApiKeys",
    method: "get",
    path: "/",
    summary: "API keys with their member and use (range/sort/filter: q, user_id, revoked)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "api-keys", apiKeyList, c.req.valid("query")),
);

apiKeyAdmin.openapi(
  route({
    operationId: "adminGetApiKey",
    method: "get",
    path: "/{id}",
    summary: "One API key with its member and use",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const key = await getAdminApiKey(c.var.deps.db, c.req.valid("param").id);
    if (!key) fail(404, "API key not found");
    return c.json(key);
  },
);

apiKeyAdmin.openapi(
  route({
    operationId: "adminRevokeApiKey",
    method: "delete",
    path: "/{id}",
    summary: "Revoke any member's API key",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    if (!(await revokeApiKey(c.var.deps.db, id, null))) fail(404, "API key not found");
    return c.json(await getAdminApiKey(c.var.deps.db, id));
  },
);
