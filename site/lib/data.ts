/**
 * Build-time data access: the same queries the API uses, straight from the database (no HTTP
 * during a build). One connection per build.
 */
import { type Db, openDb } from "../../db/client";

let db: Promise<Db> | null = null;

/**
 * The build's connection. It holds one read transaction for the whole build, so every page sees
 * the same snapshot: a change landing mid-build is either on every page or on none (the next
 * build brings it), never listed on /blog but missing its own page.
 */
export function buildDb(): Promise<Db> {
  const url = process.env.DATABASE_URL ?? "file:data/app.db";
  db ??= openDb({ url, authToken: process.env.DATABASE_AUTH_TOKEN }).then(async (connection) => {
    // An embedded file keeps one connection for the build; a remote libSQL server has no
    // long-lived read transaction over HTTP, so there each query reads the latest state.
    if (url.startsWith("file:")) {
      await connection.$client.execute("BEGIN");
      await connection.$client.execute("SELECT count(*) FROM tools");
    }
    return connection;
  });
  return db;
}

export { getArticle, listPublishedArticles } from "../../db/queries/articles";
export { getCategory, listCategories } from "../../db/queries/categories";
export { loadToolPages } from "../../db/queries/pages";
export { getTool, listTools, toolsByCategory } from "../../db/queries/tools";
