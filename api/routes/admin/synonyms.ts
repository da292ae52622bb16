import { isUniqueViolation } from "../../../db/client";
import {
  createSynonym,
  deleteSynonym,
  getSynonym,
  normalWords,
  synonymList,
  updateSynonym,
} from "../../../db/queries/synonyms";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath, listQuery, synonymInput } from "../../schemas";
import { listResponse } from "./list";

export const synonymAdmin = apiRouter();

/** Both sides as search compares them; 422 when either holds no word, 409 for a pair twice. */
function normalised(input: { term: string; expands_to: string }) {
  const term = normalWords(input.term);
  const expands_to = normalWords(input.expands_to);
  if (!term || term.includes(" ")) fail(422, "term: one word of letters or digits");
  if (!expands_to) fail(422, "expands_to: at least one word of letters or digits");
  return { term, expands_to };
}

const duplicate = (error: unknown): never => {
  if (isUniqueViolation(error, "synonyms.term")) fail(409, "This synonym already exists");
  throw error;
};

synonymAdmin.openapi(
  route({
    operationId: "listSynonyms",
    method: "get",
    path: "/",
    summary: "Search synonyms (range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "synonyms", synonymList, c.req.valid("query")),
);

synonymAdmin.openapi(
  route({
    operationId: "getSynonym",
    method: "get",
    path: "/{id}",
    summary: "One synonym",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const synonym = await getSynonym(c.var.deps.db, c.req.valid("param").id);
    if (!synonym) fail(404, "Synonym not found");
    return c.json(synonym);
  },
);

synonymAdmin.openapi(
  route({
    operationId: "createSynonym",
    status: 201,
    method: "post",
    path: "/",
    summary: "Add a synonym: a query word that also finds tools described with other words",
    access: "admin",
    request: { body: jsonBody(synonymInput) },
  }),
  async (c) => {
    const synonym = await createSynonym(c.var.deps.db, normalised(c.req.valid("json"))).catch(duplicate);
    return c.json(synonym, 201);
  },
);

synonymAdmin.openapi(
  route({
    operationId: "updateSynonym",
    method: "put",
    path: "/{id}",
    summary: "Update a synonym",
    access: "admin",
    request: { params: idPath, body: jsonBody(synonymInput) },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    const input = normalised(c.req.valid("json"));
    const synonym = await updateSynonym(c.var.deps.db, id, input).catch(duplicate);
    if (!synonym) fail(404, "Synonym not found");
    return c.json(synonym);
  },
);

synonymAdmin.openapi(
  route({
    operationId: "deleteSynonym",
    method: "delete",
    path: "/{id}",
    summary: "Delete a synonym",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const id = c.req.valid("param").id;
    if (!(await deleteSynonym(c.var.deps.db, id))) fail(404, "Synonym not found");
    return c.json({ id, detail: "Synonym deleted" });
  },
);
