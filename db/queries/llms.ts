import type { LlmsTool } from "../../lib/llms-txt";
import type { Db } from "../client";
import { publicToolSql } from "./visibility";

/**
 * Every published tool as `/llms-full.txt` lists it, by name. Only the columns the file shows, so
 * a directory of many thousand tools is read in one light query. The renderer re-writes the file
 * on every tool change (rebuild/page-plan.ts), so tools are not keyed as page reads.
 */
export async function llmsTools(db: Db): Promise<LlmsTool[]> {
  const result = await db.$client.execute(
    `SELECT slug, name, description, pricing_type, category_id FROM tools t
     WHERE ${publicToolSql("t")} ORDER BY name COLLATE NOCASE, id`,
  );
  return result.rows.map((r) => ({
    slug: String(r.slug),
    name: String(r.name),
    description: r.description == null ? null : String(r.description),
    pricing_type: r.pricing_type == null ? null : String(r.pricing_type),
    category_id: r.category_id == null ? null : Number(r.category_id),
  }));
}
