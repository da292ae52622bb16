import type { Context } from "hono";
import { Hono } from "hono";
import { isUniqueViolation } from "../../db/client";
import {
  articleSlugTaken,
  createArticle,
  deleteArticle,
  generateFromTemplate,
  getArticle,
  listArticles,
  listPublishedArticles,
  updateArticle,
} from "../../db/queries/articles";
import { SlugConflict } from "../../db/queries/slugs";
import type { Article } from "../../db/schema";
import type { AppEnv } from "../context";
import { fail, idParam, parseBody, parseQuery } from "../errors";
import { requireAdmin } from "../middleware/auth";
import { documented } from "../openapi";
import { articleInput, keywordsQuery } from "../schemas";
import { listResponse } from "./list-response";

export const articleRoutes = new Hono<AppEnv>();

/** Template keywords arrive comma-joined in the query (SPEC §7); blanks are dropped. */
function keywordsOf(c: Context<AppEnv>): string[] {
  const { keywords } = parseQuery(c, keywordsQuery);
  const list = (keywords ?? "")
    .split(/[,\n]/)
    .map((k) => k.trim())
    .filter(Boolean);
  if (list.length > 1000) fail(422, "keywords: at most 1000 per save");
  return list;
}

/** The article fields a client may set; echoed read-only fields are dropped. */
async function articleBody(c: Context<AppEnv>) {
  const { id, created_at, updated_at, published_at, template_id, keyword, ...input } = await parseBody(c, articleInput);
  return input;
}

const SLUG_EXISTS = "An article with this slug already exists";

/** Runs an article write; losing a race for a slug to another process answers 409, never 500. */
async function slugRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, "articles.slug")) fail(409, SLUG_EXISTS);
    if (error instanceof SlugConflict) fail(409, error.message);
    throw error;
  }
}

async function withGenerated(c: Context<AppEnv>, article: Article, keywords: string[]) {
  const generated = article.is_template
    ? await slugRace(() => generateFromTemplate(c.var.deps.db, article, keywords))
    : 0;
  return { ...article, generated_count: generated };
}

documented({
  method: "get",
  path: "/articles/published",
  summary: "Published articles, newest first",
  access: "public",
});
articleRoutes.get("/published", async (c) => c.json(await listPublishedArticles(c.var.deps.db)));

documented({ method: "get", path: "/articles", summary: "Every article (admin)", access: "admin" });
articleRoutes.get("/", async (c) => {
  requireAdmin(c);
  return listResponse(c, "articles", await listArticles(c.var.deps.db));
});

documented({
  method: "post",
  path: "/articles",
  summary: "Create an article; a template with ?keywords= generates one published article per keyword",
  access: "admin",
  body: articleInput,
  query: keywordsQuery,
});
articleRoutes.post("/", async (c) => {
  requireAdmin(c);
  const keywords = keywordsOf(c);
  const input = await articleBody(c);
  if (await articleSlugTaken(c.var.deps.db, input.slug)) fail(409, SLUG_EXISTS);
  const article = await slugRace(() => createArticle(c.var.deps.db, input));
  const body = await withGenerated(c, article, keywords);
  c.var.deps.onContentChange?.(`article created: ${article.slug}`);
  return c.json(body, 201);
});

documented({
  method: "put",
  path: "/articles/{id}",
  summary: "Update an article; a template with ?keywords= generates articles for new keywords",
  access: "admin",
  body: articleInput,
  query: keywordsQuery,
});
articleRoutes.put("/:id", async (c) => {
  requireAdmin(c);
  const articleId = idParam(c);
  const keywords = keywordsOf(c);
  const input = await articleBody(c);
  if (!(await getArticle(c.var.deps.db, { id: articleId }))) fail(404, "Article not found");
  if (await articleSlugTaken(c.var.deps.db, input.slug, articleId)) fail(409, SLUG_EXISTS);
  const article = await slugRace(() => updateArticle(c.var.deps.db, articleId, input));
  if (!article) fail(404, "Article not found");
  const body = await withGenerated(c, article, keywords);
  c.var.deps.onContentChange?.(`article updated: ${article.slug}`);
  return c.json(body);
});

documented({ method: "delete", path: "/articles/{id}", summary: "Delete an article", access: "admin" });
articleRoutes.delete("/:id", async (c) => {
  requireAdmin(c);
  const id = idParam(c);
  if (!(await deleteArticle(c.var.deps.db, id))) fail(404, "Article not found");
  c.var.deps.onContentChange?.(`article deleted: ${id}`);
  return c.json({ id, detail: "Article deleted" });
});

documented({
  method: "get",
  path: "/articles/{slug}",
  summary: "A published article by slug (admins also see drafts)",
  access: "optional",
});
articleRoutes.get("/:slug", async (c) => {
  const article = await getArticle(c.var.deps.db, { slug: c.req.param("slug").slice(0, 300) });
  const visible = article && (article.status === "published" || c.var.user?.role === "admin");
  if (!visible) fail(404, "Article not found");
  return c.json(article);
});
