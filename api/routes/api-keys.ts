import { z } from "zod";
import { createApiKey, listApiKeys, MAX_KEYS_PER_MEMBER, revokeApiKey } from "../../db/queries/api-keys";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { apiRouter, jsonBody, route } from "../route";
import { idPath } from "../schemas";

const keyInput = z.strictObject({
  name: z.string().trim().min(1, "name: required").max(60, "name: at most 60 characters"),
});

/** A member's API keys: made, named, listed and revoked by the member (signed in with a session). */
export const apiKeyRoutes = apiRouter();

apiKeyRoutes.openapi(
  route({
    operationId: "listApiKeys",
    method: "get",
    path: "/",
    summary: "Your API keys, newest first (never the keys themselves)",
    access: "user",
  }),
  async (c) => c.json(await listApiKeys(c.var.deps.db, requireUser(c).id)),
);

apiKeyRoutes.openapi(
  route({
    operationId: "createApiKey",
    status: 201,
    method: "post",
    path: "/",
    summary: `Create an API key: the answer's \`key\` is shown this once and stored hashed (at most ${MAX_KEYS_PER_MEMBER} live keys)`,
    access: "user",
    request: { body: jsonBody(keyInput) },
  }),
  async (c) => {
    const created = await createApiKey(c.var.deps.db, requireUser(c).id, c.req.valid("json").name);
    if (!created) fail(409, `You already have ${MAX_KEYS_PER_MEMBER} API keys: revoke one first`);
    return c.json({ ...created.record, key: created.key }, 201);
  },
);

apiKeyRoutes.openapi(
  route({
    operationId: "revokeApiKey",
    method: "delete",
    path: "/{id}",
    summary: "Revoke one of your API keys: calls with it answer 401 from now on",
    access: "user",
    request: { params: idPath },
  }),
  async (c) => {
    const key = await revokeApiKey(c.var.deps.db, c.req.valid("param").id, requireUser(c).id);
    if (!key) fail(404, "API key not found");
    return c.json(key);
  },
);
