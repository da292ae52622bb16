/**
 * Sponsor slots: the pages re-rendered when a sponsor week starts and when it ends on the 10k
 * build (the figure each incremental pass records for itself), against a full build's pages; and
 * a race of 20 buyers for one week of a placement with room for one, through the API.
 */
import { createHarness } from "../api/testing/harness";
import { listBuilds } from "../db/queries/builds";
import { SponsorWeeks } from "../jobs/sponsor-weeks";
import { nextWeek, weekOf } from "../lib/sponsors";
import type { RecordChange } from "../rebuild/change";
import { fullBuild } from "./build";
import { dataset, record } from "./lib";

export async function sponsorFigures() {
  await raceFigure();
  await weekPagesFigure();
}

async function raceFigure() {
  const h = await createHarness();
  try {
    const admin = await h.user({ role: "admin" });
    const placement = await h.call("POST", "/api/admin/sponsor-placements", {
      token: admin.token,
      body: { kind: "home_top", name: "Home top", weekly_price_cents: 5000, capacity: 1 },
    });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.user()));
    const week = nextWeek(weekOf(new Date()));
    const answers = await Promise.all(
      buyers.map((b) =>
        h.call("POST", "/api/sponsors/bookings", {
          token: b.token,
          body: {
            placement_id: placement.body.id,
            weeks: [week],
            banner: { title: "Race", text: "One week", url: "https://race.example/" },
          },
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200).length;
    const refused = answers.filter((a) => a.status === 409).length;
    record(
      {
        name: "booking race, 20 buyers for one week of a one-sponsor placement: bookings that succeed",
        value: won,
        unit: "bookings",
        reference: 20,
        aim: "exactly 1 succeeds, the other 19 get 409",
      },
      won / 20,
      won === 1 && refused === 19,
    );
  } finally {
    await h.close();
  }
}

async function weekPagesFigure() {
  const built = await fullBuild(await dataset(10_000), "sponsors-10k");
  try {
    const full = built.pages;
    const { db } = built;
    const user = await db.$client.execute("SELECT id FROM users ORDER BY id LIMIT 1");
    const placement = await db.$client.execute(
      "INSERT INTO sponsor_placements (kind, name, weekly_price_cents) VALUES ('home_top', 'Home top', 5000) RETURNING id",
    );
    const week = weekOf(new Date());
    await db.$client.execute({
      sql: `INSERT INTO sponsor_bookings (placement_id, user_id, title, body, url, week_start, seat, status, amount_cents)
            VALUES (?, ?, 'Bench sponsor', 'Shown for one week', 'https://bench.example/', ?, 1, 'approved', 5000)`,
      args: [Number(placement.rows[0]?.id), Number(user.rows[0]?.id), week],
    });
    let now = new Date();
    const job = new SponsorWeeks(
      db,
      (reason: string, records: RecordChange[]) => built.builder.toolsChanged(reason, [], [], records),
      () => now,
    );
    for (const moment of ["starts", "ends"] as const) {
      if (moment === "ends") now = new Date(Date.parse(`${nextWeek(week)}T00:00:00Z`));
      await job.run();
      await built.builder.settled();
      const [pass] = await listBuilds(built.db, 1);
      if (pass?.outcome !== "ok") throw new Error(`the sponsor week's pass failed (${moment})`);
      const pages = pass.pages ?? 0;
      record(
        {
          name: `pages re-rendered when a home-page sponsor week ${moment} / full build, 10k tools`,
          value: pages,
          unit: "pages",
          reference: full,
          aim: "only the pages showing the placement (the home page)",
        },
        pages / full,
        pages === 1,
      );
    }
  } finally {
    built.builder.close();
    built.db.$client.close();
  }
}
