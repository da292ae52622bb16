import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readKey } from "../../db/page-reads";
import { SponsorWeeks } from "../../jobs/sponsor-weeks";
import { nextWeek, weekOf } from "../../lib/sponsors";
import type { RecordChange } from "../../rebuild/change";
import { planRecords } from "../../rebuild/page-plan";
import { createHarness, type Harness } from "../testing/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** An approved booking of this week (what a paid, approved checkout leaves), in a new placement. */
async function approvedThisWeek(kind: string, title: string) {
  const admin = await h.user({ role: "admin" });
  const placement = await h.call("POST", "/api/admin/sponsor-placements", {
    token: admin.token,
    body: { kind, name: kind, weekly_price_cents: 2500, capacity: 1 },
  });
  expect(placement.status, JSON.stringify(placement.body)).toBe(201);
  const booking = await h.db.$client.execute({
    sql: `INSERT INTO sponsor_bookings (placement_id, user_id, title, body, url, week_start, seat, status, amount_cents)
          VALUES (?, ?, ?, 'Writes for you', 'https://lantern.example/', ?, 1, 'approved', 2500) RETURNING id`,
    args: [placement.body.id, admin.id, title, weekOf(new Date())],
  });
  return Number(booking.rows[0]?.id);
}

describe("the tool-sidebar and search-results sponsors", () => {
  it("a search_top sponsor is served to the search island while its week runs, counted like the others", async () => {
    const id = await approvedThisWeek("search_top", "Lantern Search");
    expect((await h.call("GET", "/api/sponsors/live/search_top")).body).toEqual([]);
    const changes: RecordChange[][] = [];
    let now = new Date();
    const weeks = new SponsorWeeks(
      h.db,
      (_reason, records) => changes.push(records),
      () => now,
    );
    await weeks.run();
    expect(changes.flat()).toEqual([{ kind: "sponsors", placement: "search_top", category_id: null }]);
    const live = await h.call("GET", "/api/sponsors/live/search_top");
    expect(live.status).toBe(200);
    expect(live.body).toEqual([
      expect.objectContaining({ id, title: "Lantern Search", body: "Writes for you", url: "https://lantern.example/" }),
    ]);
    expect((await h.call("POST", `/api/sponsors/${id}/impression`)).status).toBe(204);
    const click = await h.call("GET", `/api/sponsors/${id}/click`);
    expect(click.status).toBe(302);
    const counted = await h.db.$client.execute({
      sql: "SELECT impressions, clicks FROM sponsor_bookings WHERE id = ?",
      args: [id],
    });
    expect(counted.rows[0]).toMatchObject({ impressions: 1, clicks: 1 });

    // Only the placements the island draws itself.
    expect((await h.call("GET", "/api/sponsors/live/newsletter")).status).toBe(404);

    now = new Date(Date.parse(`${nextWeek(weekOf(new Date()))}T00:00:01Z`));
    await weeks.run();
    expect((await h.call("GET", "/api/sponsors/live/search_top")).body).toEqual([]);
    // Done with: the next test's job runs on the real clock.
    await h.db.$client.execute({
      sql: "UPDATE sponsor_bookings SET status = 'expired', seat = NULL WHERE id = ?",
      args: [id],
    });
  });

  it("a tool_sidebar week starting re-renders the pages that read that placement, by its key", async () => {
    await approvedThisWeek("tool_sidebar", "Lantern Sidebar");
    const changes: RecordChange[][] = [];
    await new SponsorWeeks(h.db, (_reason, records) => changes.push(records)).run();
    const plan = await planRecords(h.db, changes.flat());
    expect(plan.keys).toEqual([readKey.placement("tool_sidebar", null)]);
    expect(plan.paths).toEqual([]);
  });
});
