import { z } from "zod";
import { articleList, getArticle, isPublicArticle, listPublishedArticles } from "../../db/queries/articles";
import { currentSlug } from "../../db/queries/slug-redirects";
import { fail } from "../errors";
import { apiRouter, bySlugResponses, jsonBody, route } from "../route";
import { articleInput, idPath, keywordsQuery, listQuery } from "../schemas";
import { deleteArticleRoute, removeArticle, saveArticle } from "./admin/content";
import { listResponse } from "./admin/list";

/**
 * The spec's article calls: the published list and one article are public; listing every
 * article and writing them are the admin's (the same rules as the admin's Content resource).
 */
export const articleRoutes = apiRouter();

/** Template keywords arrive comma-joined in the query (SPEC §7); blanks are dropped. */
const keywordsParam = keywordsQuery
  .transform(({ keywords }) =>
    (keywords ?? "")
      .split(/[,\n]/)
      .map((k) => k.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length <= 1000, "keywords: at most 1000 per save");

/** The article fields a client may set; echoed read-only fields are dropped. */
const articleBody = articleInput.transform(
  ({ id, created_at, updated_at, published_at, template_id, keyword, ...input }) => input,
);

articleRoutes.openapi(
  route({
    operationId: "listPublishedArticles",
    method: "get",
    path: "/published",
    summary: "Published articles, newest first",
    access: "public",
  }),
  async (c) => c.json(await listPublishedArticles(c.var.deps.db)),
);

articleRoutes.openapi(
  route({
    operationId: "listArticles",
    method: "get",
    path: "/",
    summary: "Every article (admin; range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => {
    const params = c.req.valid("query");
    // Newest first unless asked otherwise, as the spec's list always was.
    return listResponse(c, "articles", articleList, { ...params, sort: params.sort ?? ["created_at", "DESC"] });
  },
);

articleRoutes.openapi(
  route({
    operationId: "createArticle",
    status: 201,
    method: "post",
    path: "/",
    summary: "Create an article; a template with ?keywords= generates one published article per keyword",
    access: "admin",
    request: { query: keywordsParam, body: jsonBody(articleBody) },
  }),
  async (c) => c.json(await saveArticle(c.var.deps, null, c.req.valid("json"), c.req.valid("query")), 201),
);

articleRoutes.openapi(
  route({
    operationId: "updateArticle",
    method: "put",
    path: "/{id}",
    summary: "Update an article; a template with ?keywords= generates articles for new keywords",
    access: "admin",
    request: { params: idPath, query: keywordsParam, body: jsonBody(articleBody) },
  }),
  async (c) =>
    c.json(await saveArticle(c.var.deps, c.req.valid("param").id, c.req.valid("json"), c.req.valid("query"))),
);

articleRoutes.openapi(deleteArticleRoute, async (c) =>
  c.json(await removeArticle(c.var.deps, c.req.valid("param").id)),
);

articleRoutes.openapi(
  route({
    operationId: "getArticleBySlug",
    method: "get",
    path: "/{id}",
    summary:
      "A published article by slug, never a template (admins also see drafts and templates; an old slug of a renamed published article: 301 to its current one)",
    access: "optional",
    // Named `id` as in PUT and DELETE /articles/{id}: one path with one parameter name, which is
    // read as a slug by GET (SPEC §7 reads this path both ways).
    request: { params: z.object({ id: z.string().describe("The article's slug") }) },
    responses: bySlugResponses,
  }),
  async (c) => {
    const db = c.var.deps.db;
    const slug = c.req.valid("param").id.slice(0, 300);
    const article = await getArticle(db, { slug });
    if (article && (isPublicArticle(article) || c.var.user?.role === "admin")) return c.json(article);
    const renamed = await currentSlug(db, "article", slug);
    if (renamed) return c.redirect(`/api/articles/${encodeURIComponent(renamed)}`, 301);
    fail(404, "Article not found");
  },
);
