import { isUniqueViolation } from "../../../db/client";
import {
  type ComparisonInput,
  type ComparisonRow,
  comparisonList,
  createComparison,
  deleteComparison,
  getComparison,
  updateComparison,
} from "../../../db/queries/comparisons";
import type { Tool } from "../../../db/queries/rows";
import { getTool } from "../../../db/queries/tools";
import type { Deps } from "../../context";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { comparisonInput, idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

export const comparisonAdmin = apiRouter();

const NOT_FOUND = "Comparison not found";

/** Both tools of a pair: 422 for the same tool twice or a tool that does not exist. */
async function pairTools(deps: Deps, input: ComparisonInput): Promise<[Tool, Tool]> {
  if (input.tool_a_id === input.tool_b_id) fail(422, "Pick two different tools to compare");
  const [a, b] = await Promise.all([
    getTool(deps.db, { id: input.tool_a_id }),
    getTool(deps.db, { id: input.tool_b_id }),
  ]);
  if (!a) fail(422, "tool_a_id: no such tool");
  if (!b) fail(422, "tool_b_id: no such tool");
  return [a, b];
}

/** The pair exists already (the unique index, whichever process wrote it first): 409. */
const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error, "comparisons.tool_a_id")) fail(409, "These two tools are already compared");
  throw error;
};

/** A comparison page shows both tools: their pages link it, so the change re-renders them (and it). */
function changed(deps: Deps, what: string, row: ComparisonRow, tools: Tool[]) {
  deps.onContentChange?.(`comparison ${what}: ${row.path.slice("/compare/".length)}`, tools);
}

comparisonAdmin.openapi(
  route({
    operationId: "listComparisons",
    method: "get",
    path: "/",
    summary: "Admin-picked comparisons with both tools' names and the page path (range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "comparisons", comparisonList, c.req.valid("query")),
);

comparisonAdmin.openapi(
  route({
    operationId: "getComparison",
    method: "get",
    path: "/{id}",
    summary: "One comparison",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const row = await getComparison(c.var.deps.db, c.req.valid("param").id);
    if (!row) fail(404, NOT_FOUND);
    return c.json(row);
  },
);

comparisonAdmin.openapi(
  route({
    operationId: "createComparison",
    status: 201,
    method: "post",
    path: "/",
    summary: "Compare two tools on a page of their own, with an optional verdict on each",
    access: "admin",
    request: { body: jsonBody(comparisonInput) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const { tool_a_id, tool_b_id, verdict_a, verdict_b } = c.req.valid("json");
    const input = { tool_a_id, tool_b_id, verdict_a, verdict_b };
    const tools = await pairTools(deps, input);
    const row = await createComparison(deps.db, input).catch(duplicate);
    changed(deps, "created", row, tools);
    return c.json(row, 201);
  },
);

comparisonAdmin.openapi(
  route({
    operationId: "updateComparison",
    method: "put",
    path: "/{id}",
    summary: "Change a comparison's tools or verdicts",
    access: "admin",
    request: { params: idPath, body: jsonBody(comparisonInput) },
  }),
  async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const before = await getComparison(deps.db, id);
    if (!before) fail(404, NOT_FOUND);
    const { tool_a_id, tool_b_id, verdict_a, verdict_b } = c.req.valid("json");
    const input = { tool_a_id, tool_b_id, verdict_a, verdict_b };
    const tools = await pairTools(deps, input);
    const row = await updateComparison(deps.db, id, input).catch(duplicate);
    if (!row) fail(404, NOT_FOUND);
    const previous = await Promise.all(
      [before.tool_a_id, before.tool_b_id].map((tool) => getTool(deps.db, { id: tool })),
    );
    changed(deps, "updated", row, [...tools, ...previous.filter((t): t is Tool => t !== null)]);
    return c.json(row);
  },
);

comparisonAdmin.openapi(
  route({
    operationId: "deleteComparison",
    method: "delete",
    path: "/{id}",
    summary: "Delete a comparison (its page goes unless the pair is among the automatic ones)",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const deps = c.var.deps;
    const id = c.req.valid("param").id;
    const row = await getComparison(deps.db, id);
    if (!row || !(await deleteComparison(deps.db, id))) fail(404, NOT_FOUND);
    const tools = await Promise.all([row.tool_a_id, row.tool_b_id].map((tool) => getTool(deps.db, { id: tool })));
    changed(
      deps,
      "deleted",
      row,
      tools.filter((t): t is Tool => t !== null),
    );
    return c.json({ id, detail: "Comparison deleted" });
  },
);
