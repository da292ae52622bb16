import { and, desc, eq, sql } from "drizzle-orm";
import { articleSlugBase } from "../../lib/slug";
import { type Db, isUniqueViolation } from "../client";
import { noteReads, readKey } from "../page-reads";
import { type Article, articles } from "../schema";
import { containsAny, equals, flag, type ListSpec } from "./admin-list";
import { claimSlugs, dropSlugRedirects, recordSlugChange } from "./slug-redirects";
import { freeSlug, SLUG_ATTEMPTS, SlugConflict } from "./slugs";

export type ArticleInput = {
  title: string;
  slug: string;
  excerpt?: string;
  content?: string;
  status?: "draft" | "published";
  is_template?: boolean;
  featured_image?: string;
  meta_title?: string;
  meta_description?: string;
};

const nowIso = () => new Date().toISOString();

/** Whether the public may read an article: published and no template (templates only generate). */
export const isPublicArticle = (a: Pick<Article, "status" | "is_template">) =>
  a.status === "published" && !a.is_template;

/** Published, non-template articles, newest first. */
export async function listPublishedArticles(db: Db): Promise<Article[]> {
  const list = await db
    .select()
    .from(articles)
    .where(and(eq(articles.status, "published"), eq(articles.is_template, false)))
    .orderBy(desc(sql`coalesce(${articles.published_at}, ${articles.created_at})`), desc(articles.id))
    .all();
  noteReads([readKey.articles, ...list.map((a) => readKey.article(a.id))]);
  return list;
}

export async function getArticle(db: Db, by: { id: number } | { slug: string }): Promise<Article | null> {
  const where = "id" in by ? eq(articles.id, by.id) : eq(articles.slug, by.slug);
  const found = (await db.select().from(articles).where(where).get()) ?? null;
  if (found) noteReads([readKey.article(found.id)]);
  return found;
}

export async function articleSlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const found = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug)).get();
  return found != null && found.id !== exceptId;
}

export async function createArticle(db: Db, input: ArticleInput): Promise<Article> {
  const status = input.status ?? "draft";
  const [row] = await db
    .insert(articles)
    .values({ ...input, status, published_at: status === "published" ? nowIso() : null })
    .returning();
  if (!row) throw new Error("article insert returned nothing");
  await claimSlugs(db, "article", [row.slug]);
  return row;
}

/** Updates an article; a changed slug keeps its old one leading to it (recordSlugChange). */
export async function updateArticle(db: Db, id: number, input: Partial<ArticleInput>): Promise<Article | null> {
  const current = await getArticle(db, { id });
  if (!current) return null;
  const publishing = input.status === "published" && !current.published_at;
  const [row] = await db
    .update(articles)
    .set({ ...input, updated_at: nowIso(), ...(publishing ? { published_at: nowIso() } : {}) })
    .where(eq(articles.id, id))
    .returning();
  if (row) await recordSlugChange(db, "article", id, current.slug, row.slug);
  return row ?? null;
}

/** Deletes an article; its old slugs go with it. */
export async function deleteArticle(db: Db, id: number): Promise<boolean> {
  const result = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  if (result.length > 0) await dropSlugRedirects(db, "article", id);
  return result.length > 0;
}

const fill = (text: string, keyword: string) => text.replaceAll("{keyword}", keyword);

/**
 * Creates one published article per keyword from a template, replacing {keyword} in the title,
 * content and SEO fields. Keywords already generated from this template are skipped, so saving
 * the template again never duplicates. Returns the articles created.
 */
export async function generateFromTemplate(
  db: Db,
  template: Article,
  keywords: string[],
): Promise<{ id: number; slug: string }[]> {
  const created: { id: number; slug: string }[] = [];
  for (const keyword of new Set(keywords.map((k) => k.trim()).filter(Boolean))) {
    const exists = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.template_id, template.id), eq(articles.keyword, keyword)))
      .get();
    if (exists) continue;
    const title = fill(template.title, keyword);
    const base = articleSlugBase(title);
    let inserted: { id: number; slug: string } | null = null;
    for (let attempt = 1; !inserted; attempt++) {
      const slug = await freeSlug(db, "articles", base);
      try {
        const [row] = await db
          .insert(articles)
          .values({
            slug,
            title,
            excerpt: fill(template.excerpt, keyword),
            content: fill(template.content, keyword),
            status: "published",
            is_template: false,
            template_id: template.id,
            keyword,
            featured_image: template.featured_image,
            meta_title: fill(template.meta_title, keyword),
            meta_description: fill(template.meta_description, keyword),
            published_at: nowIso(),
          })
          .returning({ id: articles.id, slug: articles.slug });
        inserted = row ?? null;
      } catch (error) {
        // A concurrent save of the same template generated this keyword's article first.
        if (isUniqueViolation(error, "articles.template_id")) break;
        // Another process took the slug first: ask again.
        if (!isUniqueViolation(error, "articles.slug")) throw error;
        if (attempt >= SLUG_ATTEMPTS) throw new SlugConflict(base);
        continue;
      }
      await claimSlugs(db, "article", [slug]);
    }
    if (inserted) created.push(inserted);
  }
  return created;
}

/** Maps a raw `articles` row (booleans as 0/1) to an Article. */
function toArticle(r: Record<string, unknown>): Article {
  return {
    id: Number(r.id),
    slug: String(r.slug),
    title: String(r.title),
    excerpt: String(r.excerpt ?? ""),
    content: String(r.content ?? ""),
    status: r.status === "published" ? "published" : "draft",
    is_template: Boolean(r.is_template),
    template_id: r.template_id == null ? null : Number(r.template_id),
    keyword: r.keyword == null ? null : String(r.keyword),
    featured_image: String(r.featured_image ?? ""),
    meta_title: String(r.meta_title ?? ""),
    meta_description: String(r.meta_description ?? ""),
    published_at: r.published_at == null ? null : String(r.published_at),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
  };
}

/** The admin's Content list: every article, drafts and templates included. */
export const articleList: ListSpec<Article> = {
  from: "FROM articles a",
  select: "a.*",
  id: "a.id",
  sort: {
    title: "a.title COLLATE NOCASE",
    slug: "a.slug",
    status: "a.status",
    is_template: "a.is_template",
    created_at: "a.created_at",
    updated_at: "a.updated_at",
    published_at: "a.published_at",
  },
  filter: {
    q: containsAny(["a.title", "a.slug"]),
    status: equals("a.status"),
    is_template: flag("a.is_template"),
  },
  map: toArticle,
};
