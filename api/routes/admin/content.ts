import { isUniqueViolation } from "../../../db/client";
import {
  type ArticleInput,
  articleList,
  articleSlugTaken,
  createArticle,
  deleteArticle,
  generateFromTemplate,
  getArticle,
  updateArticle,
} from "../../../db/queries/articles";
import type { Deps } from "../../context";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { articleInput, idPath, keywordsList, listQuery } from "../../schemas";
import { listResponse } from "./list";

/**
 * The admin's Content resource (articles, templates included). A template saved with
 * `keywords` generates one published article per new keyword; the answer says how many.
 */
export const contentAdmin = apiRouter();

const articleBody = articleInput
  .extend({ keywords: keywordsList.optional() })
  .transform(({ id, created_at, updated_at, published_at, template_id, keyword, keywords, ...input }) => ({
    input,
    keywords: (keywords ?? []).filter(Boolean),
  }));

/**
 * Creates (no id) or updates an article, then generates a template's articles for its new
 * keywords. One rule for the admin's Content resource and the spec's /articles calls.
 */
export async function saveArticle(deps: Deps, id: number | null, input: ArticleInput, keywords: string[]) {
  const before = id == null ? null : await getArticle(deps.db, { id });
  if (id != null && !before) fail(404, "Article not found");
  const taken = () => fail(409, "An article with this slug already exists");
  if (await articleSlugTaken(deps.db, input.slug, id ?? undefined)) taken();
  const write = id == null ? createArticle(deps.db, input) : updateArticle(deps.db, id, input);
  // Another process may take the slug between the check and the write: the unique index says so.
  const article = await write.catch((error) =>
    isUniqueViolation(error, "articles.slug") ? taken() : Promise.reject(error),
  );
  if (!article) fail(404, "Article not found");
  const generated = article.is_template ? await generateFromTemplate(deps.db, article, keywords) : [];
  deps.onContentChange?.(
    `article ${id == null ? "created" : "updated"}: ${article.slug}`,
    [],
    [],
    [
      { kind: "article", id: article.id, slug: before?.slug ?? null },
      ...generated.map((a) => ({ kind: "article" as const, id: a.id, slug: null })),
    ],
  );
  return { ...article, generated_count: generated.length };
}

/** Deletes an article (404 when there is none) and re-renders what showed it. */
export async function removeArticle(deps: Deps, id: number) {
  const before = await getArticle(deps.db, { id });
  if (!before || !(await deleteArticle(deps.db, id))) fail(404, "Article not found");
  deps.onContentChange?.(`article deleted: ${before.slug}`, [], [], [{ kind: "article", id, slug: before.slug }]);
  return { id, detail: "Article deleted" };
}

contentAdmin.openapi(
  route({
    operationId: "adminListArticles",
    method: "get",
    path: "/",
    summary: "Every article, drafts and templates included (range/sort/filter)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "content", articleList, c.req.valid("query")),
);

contentAdmin.openapi(
  route({
    operationId: "adminGetArticle",
    method: "get",
    path: "/{id}",
    summary: "One article",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const article = await getArticle(c.var.deps.db, { id: c.req.valid("param").id });
    if (!article) fail(404, "Article not found");
    return c.json(article);
  },
);

contentAdmin.openapi(
  route({
    operationId: "adminCreateArticle",
    status: 201,
    method: "post",
    path: "/",
    summary: "Create an article; a template with keywords generates one published article per keyword",
    access: "admin",
    request: { body: jsonBody(articleBody) },
  }),
  async (c) => {
    const { input, keywords } = c.req.valid("json");
    return c.json(await saveArticle(c.var.deps, null, input, keywords), 201);
  },
);

contentAdmin.openapi(
  route({
    operationId: "adminUpdateArticle",
    method: "put",
    path: "/{id}",
    summary: "Update an article; a template with keywords generates articles for new keywords",
    access: "admin",
    request: { params: idPath, body: jsonBody(articleBody) },
  }),
  async (c) => {
    const { input, keywords } = c.req.valid("json");
    return c.json(await saveArticle(c.var.deps, c.req.valid("param").id, input, keywords));
  },
);

/** DELETE /{id}: the admin's Content resource and the spec's /articles/{id} share it. */
export const deleteArticleRoute = route({
  operationId: "deleteArticle",
  method: "delete",
  path: "/{id}",
  summary: "Delete an article",
  access: "admin",
  request: { params: idPath },
});

contentAdmin.openapi(deleteArticleRoute, async (c) => c.json(await removeArticle(c.var.deps, c.req.valid("param").id)));
