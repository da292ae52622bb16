import type { Db } from "../db/client";
import { dayOf, purgeAnalytics } from "../db/queries/analytics";

/**
 * Ends each analytics day: once the UTC day changes (checked every minute), the past days' salts
 * and visitor hashes are deleted and daily figures older than the retention are pruned.
 */
export class AnalyticsRetention {
  #purged = "";

  constructor(
    readonly db: Db,
    readonly retentionDays: number,
    readonly now: () => Date = () => new Date(),
  ) {}

  /** Purges once per day; resolves how many rows went (0 when today is already done). */
  async run(): Promise<number> {
    const today = dayOf(this.now());
    if (this.#purged === today) return 0;
    const removed = await purgeAnalytics(this.db, today, this.retentionDays);
    this.#purged = today;
    return removed;
  }
}
