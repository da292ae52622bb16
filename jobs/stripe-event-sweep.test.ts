import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { recordStripeEvent, STRIPE_EVENT_KEEP_DAYS, sweepStripeEvents } from "../db/queries/stripe-events";
import { freshDb } from "../db/testing";
import { runJobsOnce } from "./testing";

const DAY = 86_400_000;
let db: Db;
let close: () => void;
beforeAll(async () => {
  ({ db, close } = await freshDb());
});
afterAll(() => close());

const received = (id: string, at: Date) =>
  db.$client.execute({
    sql: "INSERT INTO stripe_events (id, type, received_at) VALUES (?, 'checkout.session.completed', ?)",
    args: [id, at.toISOString()],
  });
const ids = async () =>
  (await db.$client.execute("SELECT id FROM stripe_events ORDER BY id")).rows.map((r) => String(r.id));

describe("Stripe webhook events are forgotten once no retry can come", () => {
  it("sweeps events older than the kept days and keeps the recent ones, still known as replays", async () => {
    const now = new Date();
    await received("evt_old", new Date(now.getTime() - (STRIPE_EVENT_KEEP_DAYS + 1) * DAY));
    await received("evt_recent", new Date(now.getTime() - 3 * DAY));
    expect(await sweepStripeEvents(db, now)).toBe(1);
    expect(await ids()).toEqual(["evt_recent"]);
    await recordStripeEvent(db, { id: "evt_recent", type: "checkout.session.completed" });
    expect(await ids()).toEqual(["evt_recent"]);
  });

  it("runs among the background jobs of every deployment shape", async () => {
    await received("evt_ancient", new Date(Date.now() - 365 * DAY));
    await runJobsOnce(db);
    expect(await ids()).toEqual(["evt_recent"]);
  });
});
