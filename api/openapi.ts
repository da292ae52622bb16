import { z } from "zod";

export type Access = "public" | "user" | "admin" | "optional";

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

/** The OpenAPI 3.1 document, generated from the registered operations. */
export function openApiDocument(): Record<string, unknown> {
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
  return {
    openapi: "3.1.0",
    info: { title: "AI Tools Directory API", version: "1.0.0" },
    servers: [{ url: "/api" }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: { type: "object", properties: { detail: { type: "string" } }, required: ["detail"] } },
    },
  };
}
