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
    paths: uniqueOperationIds(doc.paths ?? {}),
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

/**
 * A router mounted under two prefixes (the admin's /content and its older name /articles) declares
 * each operation once: the second and later mounts get the path's own segments appended
 * (`adminGetArticleAtAdminArticles`), so every operationId stays unique and stable.
 */
function uniqueOperationIds(paths: NonNullable<Document["paths"]>): NonNullable<Document["paths"]> {
  const seen = new Set<string>();
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const operations = Object.entries(item as Record<string, { operationId?: string }>).map(([method, op]) => {
        if (!op.operationId || !seen.has(op.operationId)) {
          if (op.operationId) seen.add(op.operationId);
          return [method, op];
        }
        const where = path
          .split("/")
          .filter((segment) => segment && !segment.startsWith("{"))
          .flatMap((segment) => segment.split(/[^a-zA-Z0-9]+/))
          .map(pascal)
          .join("");
        const operationId = `${op.operationId}At${where}`;
        seen.add(operationId);
        return [method, { ...op, operationId }];
      });
      return [path, Object.fromEntries(operations)];
    }),
  );
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
