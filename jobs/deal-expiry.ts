/**
 * Deals end by themselves: a pass (on the sponsor-weeks schedule and clock) deletes the deals
 * whose end date has passed, and only the pages showing them re-render (their reads name them).
 */
import type { Db } from "../db/client";
import { expireDeals } from "../db/queries/deals";
import type { RecordChange } from "../rebuild/change";

export class DealExpiry {
  constructor(
    readonly db: Db,
    readonly onChange: (reason: string, records: RecordChange[]) => void,
    /** What "now" is for a pass (a test moves it forward instead of waiting). */
    readonly clock: () => Date = () => new Date(),
  ) {}

  /** Ends what the clock says has ended; resolves the ids of the tools whose deal ended. */
  async run(): Promise<number[]> {
    const ended = await expireDeals(this.db, this.clock());
    if (ended.length > 0)
      this.onChange(
        `deals ended: ${ended.length}`,
        ended.map((tool_id) => ({ kind: "deal", tool_id })),
      );
    return ended;
  }
}
