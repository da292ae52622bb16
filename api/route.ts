import { createRoute, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import { describeZodError } from "./errors";
import { adminOnly, signedIn } from "./middleware/auth";

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

/**
 * The responses of a read by slug: the record, 301 when the slug is an old one of a renamed
 * record (Location names the same call with its current slug), or an error.
 */
export const bySlugResponses = {
  200: { description: "OK" },
  301: {
    description: "The record was renamed: Location is this call with its current slug",
    headers: { Location: { schema: { type: "string" } } },
  },
  "4XX": errorResponse,
} as const;

const successDescription = { 200: "OK", 201: "Created", 202: "Accepted", 204: "No Content" } as const;
type SuccessStatus = keyof typeof successDescription;
const successResponses = (status: SuccessStatus | SuccessStatus[] = 200) =>
  Object.fromEntries([status].flat().map((code) => [code, { description: successDescription[code] }]));

type Declared = Omit<RouteConfig, "responses" | "summary" | "operationId"> & {
  /** Stable name of the action (`listTools`, `createTool`): generated clients name their methods after it. */
  operationId: string;
  summary: string;
  access: Access;
  /**
   * The success statuses when not 200 (a create answers 201): the document must say what the
   * server answers, or clients generated from it mistake a success for an error.
   */
  status?: SuccessStatus | SuccessStatus[];
  responses?: RouteConfig["responses"];
};

/**
 * Declares a route with who may call it. The access level is enforced before anything else runs
 * (an anonymous call is 401 before its body is read), and becomes `x-access` and the bearer
 * requirement in the document. Responses default to `status` (200) plus the error shape.
 */
export function route<const R extends Declared>({ access, status, responses, middleware, ...config }: R) {
  const guard = access === "user" ? signedIn : access === "admin" ? adminOnly : null;
  const given = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
  return createRoute({
    ...config,
    middleware: guard ? [guard, ...given] : given,
    security: access === "public" || access === "optional" ? [] : [{ bearer: [] }],
    "x-access": access,
    responses: responses ?? { ...successResponses(status), "4XX": errorResponse },
  } as Omit<R, "access" | "status" | "responses" | "middleware"> & { responses: RouteConfig["responses"] });
}

/** A JSON request body, required, for `request.body`. */
export function jsonBody<T>(schema: T) {
  return { required: true, content: { "application/json": { schema } } } as const;
}
