/**
 * Features and Pro periods end by themselves: once a minute, whatever has run out is ended in
 * one transaction (db/queries/payments.ts), with any owner's feature lacking an end date or a Pro
 * owner, and the pages of the tools it unfeatured re-render.
 */
import type { Db } from "../db/client";
import { endFeaturePeriods } from "../db/queries/payments";
import type { Tool } from "../db/queries/rows";
import { getTool } from "../db/queries/tools";

export class FeaturePeriods {
  constructor(
    readonly db: Db,
    readonly onEnded: (reason: string, tools: Tool[]) => void,
  ) {}

  /** Ends what ran out by `now`; resolves the tools it unfeatured. */
  async run(now = new Date()): Promise<Tool[]> {
    const ended = await endFeaturePeriods(this.db, now);
    if (ended.length === 0) return [];
    const tools = (await Promise.all(ended.map((t) => getTool(this.db, { id: t.id })))).filter((t): t is Tool => !!t);
    this.onEnded(`feature ended: ${ended.map((t) => t.slug).join(", ")}`, tools);
    return tools;
  }
}
