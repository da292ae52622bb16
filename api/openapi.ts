import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "./context";
import type { Access } from "./route";

export type Operation = {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI-style path under /api, e.g. /tools/{id}. */
  path: string;
  summary: string;
  access: Access;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Multipart upload instead of JSON. */
  upload?: boolean;
};

/** Every endpoint the API serves, registered next to its handler with the schemas that validate it. */
export const operations: Operation[] = [];

export function documented(op: Operation): Operation {
  operations.push(op);
  return op;
}

function jsonSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  } catch {
    return {};
  }
}

/** The operations still registered with `documented()`, as OpenAPI path items. */
function legacyPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const query = op.query ? (jsonSchema(op.query) as { properties?: Record<string, unknown> }) : null;
    for (const [name, schema] of Object.entries(query?.properties ?? {})) {
      params.push({ name, in: "query", required: false, schema: schema as { type: string } });
    }
    const entry: Record<string, unknown> = {
      summary: op.summary,
      parameters: params,
      security: op.access === "public" || op.access === "optional" ? [] : [{ bearer: [] }],
      "x-access": op.access,
      responses: {
        "200": { description: "OK" },
        "4XX": {
          description: "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
    if (op.body) entry.requestBody = { content: { "application/json": { schema: jsonSchema(op.body) } } };
    if (op.upload) {
      entry.requestBody = {
        content: {
          "multipart/form-data": {
            schema: { type: "object", properties: { file: { type: "string", format: "binary" } } },
          },
        },
      };
    }
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = entry;
  }
  return paths;
}

type Document = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;

/** The OpenAPI 3.1 document of the API, generated from the routes the app registered. */
export function openApiDocument(api: OpenAPIHono<AppEnv>): Document {
  const doc = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "AI Tools Directory API", version: "1.0.0" },
    servers: [{ url: "/api" }],
  });
  const paths = { ...(doc.paths ?? {}) } as Record<string, Record<string, unknown>>;
  for (const [path, item] of Object.entries(legacyPaths())) paths[path] = { ...paths[path], ...item };
  return {
    ...doc,
    paths: paths as Document["paths"],
    components: {
      ...doc.components,
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        ...doc.components?.schemas,
        Error: { type: "object", properties: { detail: { type: "string" } }, required: ["detail"] },
      },
    },
  };
}

/** One operation of the document, as the authorization and hostile-input tests walk them. */
export type DocumentedOperation = { method: Operation["method"]; path: string; access: Access; upload: boolean };

export function documentedOperations(doc: Document): DocumentedOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Record<string, unknown>>).map(([method, op]) => ({
      method: method as Operation["method"],
      path,
      access: op["x-access"] as Access,
      upload: Boolean(op["x-upload"]) || JSON.stringify(op.requestBody ?? {}).includes("multipart/form-data"),
    })),
  );
}
