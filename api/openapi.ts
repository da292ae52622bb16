import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./context";
import type { Access } from "./route";

type Document = ReturnType<OpenAPIHono<AppEnv>["getOpenAPI31Document"]>;

/** The OpenAPI 3.1 document of the API, generated from the routes the app declared. */
export function openApiDocument(api: OpenAPIHono<AppEnv>): Document {
  const doc = api.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "AI Tools Directory API", version: "1.0.0" },
    servers: [{ url: "/api" }],
  });
  return {
    ...doc,
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
export type DocumentedOperation = {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI-style path under /api, e.g. /tools/{id}. */
  path: string;
  access: Access;
  /** Multipart upload instead of JSON. */
  upload: boolean;
};

export function documentedOperations(doc: Document): DocumentedOperation[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Record<string, unknown>>).map(([method, op]) => ({
      method: method as DocumentedOperation["method"],
      path,
      access: op["x-access"] as Access,
      upload: Boolean(op["x-upload"]) || JSON.stringify(op.requestBody ?? {}).includes("multipart/form-data"),
    })),
  );
}
