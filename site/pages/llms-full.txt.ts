import type { APIContext } from "astro";
import { listCategories } from "../../db/queries/categories";
import { llmsTools } from "../../db/queries/llms";
import { llmsFullTxt } from "../../lib/llms-txt";
import { buildDb } from "../lib/data";

export async function GET(context: APIContext) {
  const site = context.site ?? new URL("http://localhost:4321");
  const db = await buildDb();
  const body = llmsFullTxt(site, await listCategories(db), await llmsTools(db));
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
