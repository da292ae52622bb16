import { eq } from "drizzle-orm";
import { renumberFaq } from "../../lib/faq";
import type { Db } from "../client";
import { noteReads, readKey } from "../page-reads";
import { type Category, categories, type FaqItem } from "../schema";
import { containsAny, type ListSpec } from "./admin-list";
import { claimSlugs, dropSlugRedirects, recordSlugChange } from "./slug-redirects";
import { publicToolSql } from "./visibility";

export type CategoryOut = Category & { tool_count: number };

export async function listCategories(db: Db): Promise<CategoryOut[]> {
  const result = await db.$client.execute(
    `SELECT c.*, (SELECT count(*) FROM tools t WHERE t.category_id = c.id AND ${publicToolSql("t")}) AS tool_count
     FROM categories c ORDER BY c.name COLLATE NOCASE`,
  );
  const list = result.rows.map((r) => toCategory(r as unknown as Record<string, unknown>));
  noteReads([readKey.categories, ...list.map((c) => readKey.category(c.id))]);
  return list;
}

function toCategory(r: Record<string, unknown>): CategoryOut {
  let faq: FaqItem[] = [];
  try {
    faq = JSON.parse(String(r.faq ?? "[]")) as FaqItem[];
  } catch {}
  return {
    id: Number(r.id),
    slug: String(r.slug),
    name: String(r.name),
    description: String(r.description ?? ""),
    long_form_content: String(r.long_form_content ?? ""),
    faq: faq.sort((a, b) => a.order - b.order),
    created_at: String(r.created_at),
    updated_at: String(r.updated_at),
    tool_count: Number(r.tool_count ?? 0),
  };
}

export async function getCategory(db: Db, by: { id: number } | { slug: string }): Promise<Category | null> {
  const where = "id" in by ? eq(categories.id, by.id) : eq(categories.slug, by.slug);
  const found = await db.select().from(categories).where(where).get();
  if (!found) return null;
  noteReads([readKey.category(found.id)]);
  return { ...found, faq: [...found.faq].sort((a, b) => a.order - b.order) };
}

export type CategoryInput = {
  name: string;
  slug: string;
  description?: string;
  long_form_content?: string;
  faq?: FaqItem[];
};

export async function createCategory(db: Db, input: CategoryInput): Promise<Category> {
  const [row] = await db
    .insert(categories)
    .values({ ...input, faq: renumberFaq(input.faq ?? []) })
    .returning();
  if (!row) throw new Error("category insert returned nothing");
  await claimSlugs(db, "category", [row.slug]);
  return row;
}

/** Updates a category; a changed slug keeps its old one leading to it (recordSlugChange). */
export async function updateCategory(db: Db, id: number, input: Partial<CategoryInput>): Promise<Category | null> {
  const before = input.slug ? await getCategory(db, { id }) : null;
  const values = { ...input, faq: input.faq && renumberFaq(input.faq), updated_at: new Date().toISOString() };
  const [row] = await db.update(categories).set(values).where(eq(categories.id, id)).returning();
  if (row && before) await recordSlugChange(db, "category", id, before.slug, row.slug);
  return row ?? null;
}

/** Deletes a category (its tools stay, uncategorised); its old slugs go with it. */
export async function deleteCategory(db: Db, id: number): Promise<boolean> {
  const result = await db.delete(categories).where(eq(categories.id, id)).returning({ id: categories.id });
  if (result.length > 0) await dropSlugRedirects(db, "category", id);
  return result.length > 0;
}

export async function categorySlugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const found = await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).get();
  return found != null && found.id !== exceptId;
}

/** The admin's Categories list, with each category's tool count. */
export const categoryList: ListSpec<CategoryOut> = {
  from: "FROM categories c",
  select: "c.*, (SELECT count(*) FROM tools t WHERE t.category_id = c.id) AS tool_count",
  id: "c.id",
  sort: {
    name: "c.name COLLATE NOCASE",
    slug: "c.slug",
    tool_count: "tool_count",
    created_at: "c.created_at",
    updated_at: "c.updated_at",
  },
  filter: { q: containsAny(["c.name", "c.slug", "c.description"]) },
  map: toCategory,
};
