import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./testing/harness";

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await createHarness();
  doc = (await h.call("GET", "/api/openapi.json")).body;
});
afterAll(() => h.close());

const operations = () =>
  Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe("the API document a client generates from", () => {
  it("passes Redocly's recommended lint without an error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: "openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
  });

  it("names every operation with a unique operationId", () => {
    const missing = operations()
      .filter(({ op }) => typeof op.operationId !== "string" || !/^[a-z][a-zA-Z0-9]*$/.test(op.operationId))
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(missing).toEqual([]);
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const byId = Object.fromEntries(operations().map(({ path, method, op }) => [op.operationId, `${method} ${path}`]));
    expect(byId).toMatchObject({
      listTools: "get /tools",
      createTool: "post /tools",
      getToolBySlug: "get /tools/slug/{slug}",
    });
  });

  it("documents the status the server answers a create with", async () => {
    const signup = await h.call("POST", "/api/auth/signup", {
      body: { email: "doc-status@example.com", password: "long-enough-1" },
    });
    expect(signup.status).toBe(201);
    expect(Object.keys(doc.paths["/auth/signup"].post.responses)).toContain("201");
    const admin = await h.user({ role: "admin" });
    const article = await h.call("POST", "/api/articles", { token: admin.token, body: { title: "Doc", slug: "doc" } });
    expect(article.status).toBe(201);
    expect(Object.keys(doc.paths["/articles"].post.responses)).toContain("201");
    expect(Object.keys(doc.paths["/tools"].post.responses)).toEqual(["201", "4XX"]);
  });

  it("generates an openapi-typescript client that type-checks", async () => {
    const types = astToString(await openapiTS(doc));
    const dir = mkdtempSync(join(tmpdir(), "openapi-client-"));
    try {
      writeFileSync(join(dir, "api.d.ts"), types);
      // A client's use of the generated types: an operation by its id, a path and its parameters.
      writeFileSync(
        join(dir, "use.ts"),
        [
          'import type { operations, paths } from "./api";',
          'type ListTools = operations["listTools"];',
          'type ToolBySlug = paths["/tools/slug/{slug}"]["get"]["parameters"]["path"];',
          'export const slug: ToolBySlug = { slug: "chatgpt" };',
          'export type Created = keyof operations["createTool"]["responses"];',
          "export const created: Created = 201;",
          "export type Query = ListTools['parameters']['query'];",
        ].join("\n"),
      );
      const program = ts.createProgram([join(dir, "use.ts")], {
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        types: [],
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
