import type { Context } from "hono";
import { type ListParams, ListParamsError, type ListSpec, listPage } from "../../../db/queries/admin-list";
import type { AppEnv } from "../../context";
import { fail } from "../../errors";

/**
 * Answers one page of an admin list in the spec's plain-array shape, with the `Content-Range`
 * react-admin reads (`tools 0-24/319`) exposed to the browser.
 */
export async function listResponse<T>(c: Context<AppEnv>, resource: string, spec: ListSpec<T>, params: ListParams) {
  let page: { rows: T[]; total: number };
  try {
    page = await listPage(c.var.deps.db, spec, params);
  } catch (error) {
    if (error instanceof ListParamsError) fail(422, error.message);
    throw error;
  }
  const start = params.range?.[0] ?? 0;
  const end = page.rows.length ? start + page.rows.length - 1 : start;
  c.header("content-range", `${resource} ${start}-${end}/${page.total}`);
  c.header("access-control-expose-headers", "Content-Range");
  return c.json(page.rows);
}
