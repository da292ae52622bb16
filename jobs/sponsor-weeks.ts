/**
 * Sponsor weeks start and end by themselves: once a minute (and at once after an admin's
 * approval), every approved booking is made live in its week and taken down outside it, and only
 * the pages showing a placement whose sponsors changed re-render (their reads name it).
 */
import type { Db } from "../db/client";
import { type PlacementChange, syncSponsorWeeks } from "../db/queries/sponsors";
import type { RecordChange } from "../rebuild/change";

export class SponsorWeeks {
  constructor(
    readonly db: Db,
    readonly onChange: (reason: string, records: RecordChange[]) => void,
    /** The job's clock: what "now" is for a pass (a test moves it forward instead of waiting). */
    readonly clock: () => Date = () => new Date(),
  ) {}

  /** Starts and ends what the clock says; resolves the placements whose sponsors changed. */
  async run(): Promise<PlacementChange[]> {
    const changed = await syncSponsorWeeks(this.db, this.clock());
    if (changed.length === 0) return [];
    this.onChange(
      `sponsors changed: ${changed.map((c) => c.kind + (c.category_id == null ? "" : ` ${c.category_id}`)).join(", ")}`,
      changed.map((c) => ({ kind: "sponsors", placement: c.kind, category_id: c.category_id })),
    );
    return changed;
  }
}
