import { loadSettings } from "../../config/settings";
import { createApp } from "../app";
import type { Deps } from "../context";
import { documentedOperations, openApiDocument } from "../openapi";

/**
 * Every operation of the API's generated document. Routes are declared at module level, so
 * the list is read from an app built without dependencies (no request is ever served by it).
 */
const routesOnly = () =>
  createApp({ settings: loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(32) }) } as Deps);
export const operations = documentedOperations(openApiDocument(routesOnly().api));

/** Every route the app registered, as `method /path/{param}` (middleware and catch-alls left out). */
export function registeredRoutes(): string[] {
  const app = routesOnly();
  return [
    ...new Set(
      app.routes
        // The document describes /api; /mcp speaks JSON-RPC and is tested on its own (api/mcp.test.ts).
        .filter((r) => r.method !== "ALL" && !r.path.endsWith("*") && r.path.startsWith("/api"))
        .map(
          (r) =>
            `${r.method.toLowerCase()} ${
              r.path
                .replace(/^\/api/, "")
                .replace(/:(\w+)/g, "{$1}")
                .replace(/\/$/, "") || "/"
            }`,
        ),
    ),
  ];
}
