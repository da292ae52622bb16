import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { describeZodError } from "./errors";

/** Who may call a route: the authorization matrix and the OpenAPI document read it. */
export type Access = "public" | "optional" | "user" | "admin";

/**
 * A router whose routes are declared once (path, schemas, responses and handler in one object).
 * Trailing slashes are optional; a request that fails validation answers the API's one error
 * shape: 404 for a malformed path id (as for an unknown one), 422 with a readable `detail`
 * for anything else.
 */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({
    strict: false,
    defaultHook: (result, c) => {
      if (result.success) return;
      if (result.target === "param") return c.json({ detail: "Not found" }, 404);
      return c.json({ detail: describeZodError(result.error) }, 422);
    },
  });
}

const errorResponse = {
  description: "Error",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
} as const;

type Declared = Omit<RouteConfig, "responses" | "summary"> & {
  summary: string;
  access: Access;
  responses?: RouteConfig["responses"];
};

/**
 * Declares a route with who may call it. Responses default to "OK" plus the error shape; the
 * access level becomes `x-access` and the bearer requirement in the document.
 */
export function route<const R extends Declared>({ access, responses, ...config }: R) {
  return createRoute({
    ...config,
    security: access === "public" || access === "optional" ? [] : [{ bearer: [] }],
    "x-access": access,
    responses: responses ?? { 200: { description: "OK" }, "4XX": errorResponse },
  } as Omit<R, "access" | "responses"> & { responses: RouteConfig["responses"] });
}

/** A JSON request body, required, for `request.body`. */
export function jsonBody<T>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}
