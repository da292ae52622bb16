/**
 * Features and Pro periods end by themselves: once a minute, whatever has run out is ended in
 * one transaction (db/queries/payments.ts), with any owner's feature lacking an end date or a Pro
 * owner, and the pages of the tools it unfeatured re-render. Owners are mailed once, 3 days
 * before their featuring ends, and when it has ended, each mail in the transaction of its change.
 */
import type { Settings } from "../config/settings";
import type { Db } from "../db/client";
import { endFeaturePeriods, remindFeaturesEnding } from "../db/queries/payments";
import type { Tool } from "../db/queries/rows";
import { getTool } from "../db/queries/tools";
import { featuringMail } from "../mail/events";

/** How long before its end an owner hears that their featuring ends. */
const REMIND_DAYS = 3;

export class FeaturePeriods {
  constructor(
    readonly db: Db,
    readonly onEnded: (reason: string, tools: Tool[]) => void,
    /** The site's address for the mails' links (the loopback default outside production). */
    readonly links: Pick<Settings, "PUBLIC_URL" | "PORT"> = { PUBLIC_URL: undefined, PORT: 4321 },
  ) {}

  /** Ends what ran out by `now`; resolves the tools it unfeatured. */
  async run(now = new Date()): Promise<Tool[]> {
    await remindFeaturesEnding(this.db, now, REMIND_DAYS, (ending, when) =>
      ending.filter((t) => t.submitted_by).map((t) => featuringMail(this.links, t, t.until, false, when)),
    );
    const ended = await endFeaturePeriods(this.db, now, (tools, endedNow) =>
      tools.filter((t) => t.submitted_by).map((t) => featuringMail(this.links, t, t.until, true, endedNow(t.id))),
    );
    if (ended.length === 0) return [];
    const tools = (await Promise.all(ended.map((t) => getTool(this.db, { id: t.id })))).filter((t): t is Tool => !!t);
    this.onEnded(`feature ended: ${ended.map((t) => t.slug).join(", ")}`, tools);
    return tools;
  }
}
