import { z } from "zod";
import { suggest } from "../../db/queries/suggest";
import { apiRouter, route } from "../route";

export const searchRoutes = apiRouter();

/** Fewer letters than this suggest nothing: one letter starts a twentieth of all names. */
const MIN_PREFIX = 2;

searchRoutes.openapi(
  route({
    operationId: "suggestSearch",
    method: "get",
    path: "/suggest",
    summary: "Tools, categories and tags whose names start with what is typed in the search box",
    access: "public",
    request: { query: z.object({ q: z.string().max(64, "q is at most 64 characters") }) },
  }),
  async (c) => {
    const { q } = c.req.valid("query");
    // Three indexed reads, the same for every q: nothing kept on the server per query, so
    // nothing an attacker can grow; browsers and caches in front keep answers a minute.
    c.header("cache-control", "public, max-age=60");
    if (q.trim().length < MIN_PREFIX) return c.json({ tools: [], categories: [], tags: [] });
    return c.json(await suggest(c.var.deps.db, q));
  },
);
