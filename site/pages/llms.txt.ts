import type { APIContext } from "astro";
import { listCategories } from "../../db/queries/categories";
import { llmsTxt } from "../../lib/llms-txt";
import { buildDb } from "../lib/data";

export async function GET(context: APIContext) {
  const site = context.site ?? new URL("http://localhost:4321");
  const body = llmsTxt(site, await listCategories(await buildDb()));
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
