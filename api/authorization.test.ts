import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../db/queries/categories";
import { createTool } from "../db/queries/tools";
import { createHarness, type Harness } from "./testing/harness";
import { operations } from "./testing/operations";

/**
 * Every route of the API (from the router's own list) × every role, with the status each role
 * must get. A refused write must leave the tool exactly as it was.
 */
type Role = "anonymous" | "member" | "owner" | "other" | "pro" | "admin";
const ROLES: Role[] = ["anonymous", "member", "owner", "other", "pro", "admin"];
const OWNED = new Set(["put /tools/{id}", "delete /tools/{id}", "get /tools/{id}/analytics"]);
/** What only the owner may do, not even an admin: pay for their own tool's review. */
const OWNER_ONLY = new Set(["post /tools/{id}/fast-track"]);
/** What a verified owner or an admin may do: the matrix's owner submitted the tool but never verified it. */
const VERIFIED_OWNED = new Set(["put /tools/{id}/deal", "delete /tools/{id}/deal"]);

let h: Harness;
const tokens: Partial<Record<Role, string>> = {};
let toolId: number;
let categoryId: number;

beforeAll(async () => {
  h = await createHarness();
  categoryId = (await createCategory(h.db, { name: "Writing", slug: "writing" })).id;
  const owner = await h.user();
  tokens.member = (await h.user()).token;
  tokens.owner = owner.token;
  tokens.other = (await h.user()).token;
  tokens.pro = (await h.user({ pro: true })).token;
  tokens.admin = (await h.user({ role: "admin" })).token;
  toolId = (await createTool(h.db, { name: "Matrix Tool", category_id: categoryId }, owner.id)).id;
});
afterAll(async () => h.close());

function expected(access: string, key: string, role: Role): "allowed" | 401 | 403 {
  if (access === "public" || access === "optional") return "allowed";
  if (role === "anonymous") return 401;
  if (access === "admin") return role === "admin" ? "allowed" : 403;
  if (OWNED.has(key)) return role === "owner" || role === "admin" ? "allowed" : 403;
  if (OWNER_ONLY.has(key)) return role === "owner" ? "allowed" : 403;
  if (VERIFIED_OWNED.has(key)) return role === "admin" ? "allowed" : 403;
  return "allowed";
}

const snapshot = async () =>
  JSON.stringify((await h.db.$client.execute({ sql: "SELECT * FROM tools WHERE id = ?", args: [toolId] })).rows);

let checked = 0;
afterAll(() => console.log(`authorization matrix: ${checked} cells checked (every route x 6 roles)`));

describe("the authorization matrix", () => {
  // Deleting the tool and logging out (which revokes the tokens) come last, on their own.
  const cells = operations.filter(
    (op) => !op.upload && !(op.method === "delete" && op.path === "/tools/{id}") && op.path !== "/auth/logout",
  );
  it("covers every route", () => {
    expect(cells.length).toBeGreaterThan(35);
  });

  for (const op of cells) {
    const key = `${op.method} ${op.path}`;
    it(`${op.method.toUpperCase()} ${op.path}`, async () => {
      for (const role of ROLES) {
        // Admin deletions aim at a missing id, so the matrix tool survives for the other cells.
        const id = op.path.startsWith("/tools/") ? String(toolId) : "999999";
        const path = `/api${op.path.replace("{id}", id).replace("{toolId}", String(toolId)).replace("{slug}", "matrix-tool").replace("{session_id}", "cs_test_none")}`;
        const body =
          op.method === "put" && op.path === "/tools/{id}"
            ? { description: `changed by ${role}` }
            : op.method === "post" || op.method === "put"
              ? {}
              : undefined;
        const before = await snapshot();
        const res = await h.call(op.method.toUpperCase(), path, { token: tokens[role], body });
        const want = expected(op.access, key, role);
        if (want === "allowed") {
          expect([401, 403], `${role} ${key} -> ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
        } else {
          expect(res.status, `${role} ${key}`).toBe(want);
          if (op.method !== "get") expect(await snapshot(), `${role} ${key} changed the tool`).toBe(before);
        }
        expect(res.status, `${role} ${key}`).toBeLessThan(500);
        checked++;
      }
    });
  }

  it("DELETE /tools/{id}: only the owner or an admin, the row untouched otherwise", async () => {
    for (const role of ["anonymous", "member", "other", "pro"] as Role[]) {
      const before = await snapshot();
      const res = await h.call("DELETE", `/api/tools/${toolId}`, { token: tokens[role] });
      expect(res.status).toBe(role === "anonymous" ? 401 : 403);
      expect(await snapshot()).toBe(before);
    }
    expect((await h.call("DELETE", `/api/tools/${toolId}`, { token: tokens.owner })).status).toBe(200);
  });

  it("POST /auth/logout: a member only, and their tokens stop working", async () => {
    expect((await h.call("POST", "/api/auth/logout")).status).toBe(401);
    for (const role of ["member", "owner", "other", "pro", "admin"] as Role[]) {
      expect((await h.call("POST", "/api/auth/logout", { token: tokens[role] })).status).toBe(204);
      expect((await h.call("GET", "/api/auth/me", { token: tokens[role] })).status).toBe(401);
    }
  });
});

describe("the API document", () => {
  it("documents every route the app registers, with who may call it", async () => {
    const { registeredRoutes } = await import("./testing/operations");
    const documented = new Set(operations.map((op) => `${op.method} ${op.path.replace(/\/$/, "") || "/"}`));
    const missing = registeredRoutes().filter((r) => !documented.has(r));
    expect(missing).toEqual([]);
    for (const op of operations)
      expect(["public", "optional", "user", "admin"], `${op.method} ${op.path}`).toContain(op.access);
  });
});
