/**
 * Build-time data access: the same queries the API uses, straight from the database (no HTTP
 * during a build). One connection per build.
 */
import { type Db, openDb } from "../../db/client";

let db: Promise<Db> | null = null;

export function buildDb(): Promise<Db> {
  db ??= openDb({
    url: process.env.DATABASE_URL ?? "file:data/app.db",
    authToken: process.env.DATABASE_AUTH_TOKEN,
  });
  return db;
}

export { getArticle, listPublishedArticles } from "../../db/queries/articles";
export { getCategory, listCategories } from "../../db/queries/categories";
export { loadToolPages } from "../../db/queries/pages";
export { getTool, listTools, toolsByCategory } from "../../db/queries/tools";
