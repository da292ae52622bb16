import type { InStatement } from "@libsql/client";
import { type SQL, sql } from "drizzle-orm";
import { summary } from "../../lib/plain-text";
import { calendarWeeks, SPONSOR_WEEKS_PER_BOOKING, type SponsorKind, weekOf } from "../../lib/sponsors";
import { type Db, isUniqueViolation } from "../client";
import { noteReads, readKey } from "../page-reads";
import { PAID_NOW, type PaidCheckout, recordPayment } from "./stripe-events";
import { publicToolSql } from "./visibility";

export type Placement = {
  id: number;
  kind: SponsorKind;
  category_id: number | null;
  name: string;
  weekly_price_cents: number;
  capacity: number;
  active: boolean;
};

export type Creative = {
  tool_id: number | null;
  title: string | null;
  body: string | null;
  image_url: string | null;
  url: string | null;
};

export type Booking = Creative & {
  id: number;
  placement_id: number;
  placement_name: string;
  user_id: number;
  user_email: string;
  tool_name: string | null;
  week_start: string;
  status: string;
  amount_cents: number;
  session_id: string | null;
  live: boolean;
  impressions: number;
  clicks: number;
  reject_reason: string | null;
  created_at: string;
};

/** A week of one placement could not be held: it is full, or someone took it a moment before. */
export class WeekTaken extends Error {
  constructor(readonly week: string) {
    super(`The week of ${week} is already taken for this placement`);
  }
}

/** The first row of a query, or undefined (drizzle's `get` fails on no row with raw SQL). */
async function one<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T | undefined> {
  return (await db.all<T>(query))[0];
}

const toPlacement = (r: Record<string, unknown>): Placement => ({
  id: Number(r.id),
  kind: String(r.kind) as SponsorKind,
  category_id: r.category_id == null ? null : Number(r.category_id),
  name: String(r.name),
  weekly_price_cents: Number(r.weekly_price_cents),
  capacity: Number(r.capacity),
  active: Number(r.active) === 1,
});

export async function listPlacements(db: Db, opts: { activeOnly?: boolean } = {}): Promise<Placement[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT * FROM sponsor_placements ${opts.activeOnly ? sql`WHERE active = 1` : sql``} ORDER BY id`,
  );
  return rows.map(toPlacement);
}

export async function getPlacement(db: Db, id: number): Promise<Placement | null> {
  const row = await one(db, sql`SELECT * FROM sponsor_placements WHERE id = ${id}`);
  return row ? toPlacement(row) : null;
}

export type PlacementInput = Omit<Placement, "id">;

export async function createPlacement(db: Db, p: PlacementInput): Promise<Placement> {
  const row = await one(
    db,
    sql`INSERT INTO sponsor_placements (kind, category_id, name, weekly_price_cents, capacity, active)
        VALUES (${p.kind}, ${p.category_id}, ${p.name}, ${p.weekly_price_cents}, ${p.capacity}, ${p.active ? 1 : 0})
        RETURNING *`,
  );
  return toPlacement(row as Record<string, unknown>);
}

/** Changes a placement's name, price, capacity or state; its kind and category stay. */
export async function updatePlacement(
  db: Db,
  id: number,
  p: Pick<Placement, "name" | "weekly_price_cents" | "capacity" | "active">,
): Promise<Placement | null> {
  const row = await one(
    db,
    sql`UPDATE sponsor_placements SET name = ${p.name}, weekly_price_cents = ${p.weekly_price_cents},
          capacity = ${p.capacity}, active = ${p.active ? 1 : 0} WHERE id = ${id} RETURNING *`,
  );
  return row ? toPlacement(row) : null;
}

/** Whether anything was ever booked in it (then it is kept, and can only be deactivated). */
export async function placementHasBookings(db: Db, id: number): Promise<boolean> {
  return !!(await one(db, sql`SELECT 1 FROM sponsor_bookings WHERE placement_id = ${id} LIMIT 1`));
}

export async function deletePlacement(db: Db, id: number): Promise<boolean> {
  const result = await db.run(sql`DELETE FROM sponsor_placements WHERE id = ${id}`);
  return result.rowsAffected === 1;
}

export type CalendarWeek = { week: string; taken: number; waiting: number; free: number };

/**
 * Each active placement's weeks from this one on: `taken` by approved bookings, `waiting` for
 * payment or approval, `free` places left. A hold whose checkout lapsed counts as free.
 */
export async function sponsorCalendar(db: Db, now: Date): Promise<(Placement & { weeks: CalendarWeek[] })[]> {
  const weeks = calendarWeeks(now);
  const placements = await listPlacements(db, { activeOnly: true });
  const rows = await db.all<{ placement_id: number; week_start: string; status: string; n: number }>(
    sql`SELECT placement_id, week_start, status, count(*) AS n FROM sponsor_bookings
        WHERE seat IS NOT NULL AND week_start >= ${weeks[0]} AND week_start <= ${weeks[weeks.length - 1]}
          AND NOT (status = 'unpaid' AND hold_until <= ${now.toISOString()})
        GROUP BY placement_id, week_start, status`,
  );
  return placements.map((p) => ({
    ...p,
    weeks: weeks.map((week) => {
      const of = rows.filter((r) => Number(r.placement_id) === p.id && r.week_start === week);
      const taken = of.filter((r) => r.status === "approved").reduce((s, r) => s + Number(r.n), 0);
      const waiting = of.filter((r) => r.status !== "approved").reduce((s, r) => s + Number(r.n), 0);
      return { week, taken, waiting, free: Math.max(0, p.capacity - taken - waiting) };
    }),
  }));
}

/**
 * The lowest seat of a placement's week that no booking holds (capacity + 1 when full), for the
 * booking row `b` (its placement_id and week_start).
 */
const FREE_SEAT = `(WITH RECURSIVE n(seat) AS (SELECT 1 UNION ALL SELECT seat + 1 FROM n WHERE seat <= 10)
  SELECT min(seat) FROM n WHERE seat NOT IN (SELECT o.seat FROM sponsor_bookings o
    WHERE o.placement_id = b.placement_id AND o.week_start = b.week_start AND o.seat IS NOT NULL))`;

/** A member already holds weeks in a checkout they have not paid or let lapse. */
export class CheckoutOpen extends Error {}

/**
 * Holds `weeks` of a placement for a member until `holdUntil` (their checkout's expiry), all or
 * none, in one transaction: a week that is full, or taken by another buyer at the same moment
 * (the unique seat index or the capacity trigger abort the whole batch), throws WeekTaken.
 * Holds whose checkout lapsed are let go first, so their weeks are free again.
 */
export async function holdWeeks(
  db: Db,
  h: { placement: Placement; userId: number; weeks: string[]; creative: Creative; holdUntil: Date; now: Date },
): Promise<number[]> {
  const { placement: p, creative: c } = h;
  const open = await one(
    db,
    sql`SELECT 1 FROM sponsor_bookings WHERE user_id = ${h.userId} AND status = 'unpaid' AND hold_until > ${h.now.toISOString()}`,
  );
  if (open)
    throw new CheckoutOpen("You already have a sponsor checkout in progress: pay it, or book again once it expires");
  try {
    const results = await db.$client.batch(
      [
        {
          sql: `UPDATE sponsor_bookings SET seat = NULL, status = 'expired'
                WHERE placement_id = ? AND status = 'unpaid' AND hold_until <= ?`,
          args: [p.id, h.now.toISOString()],
        },
        ...h.weeks.map((week) => ({
          // Inserted without a seat, then seated by the same rule a lapsed paid hold is.
          sql: `INSERT INTO sponsor_bookings (placement_id, user_id, tool_id, title, body, image_url, url, week_start,
                  seat, status, hold_until, amount_cents)
                SELECT ?, ?, ?, ?, ?, ?, ?, ?, (SELECT ${FREE_SEAT.replaceAll("b.", "x.")} FROM (SELECT ? AS placement_id, ? AS week_start) x),
                  'unpaid', ?, ? RETURNING id`,
          args: [
            p.id,
            h.userId,
            c.tool_id,
            c.title,
            c.body,
            c.image_url,
            c.url,
            week,
            p.id,
            week,
            h.holdUntil.toISOString(),
            p.weekly_price_cents,
          ],
        })),
      ],
      "write",
    );
    return results.slice(1).map((r) => Number(r.rows[0]?.id));
  } catch (error) {
    if (isFull(error) || isUniqueViolation(error, "sponsor_bookings.placement_id"))
      throw new WeekTaken(await firstFullWeek(db, p, h.weeks));
    throw error;
  }
}

function isFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? "").includes("sponsor placement full")) return true;
  }
  return false;
}

async function firstFullWeek(db: Db, p: Placement, weeks: string[]): Promise<string> {
  for (const week of weeks) {
    const row = await one<{ n: number }>(
      db,
      sql`SELECT count(*) AS n FROM sponsor_bookings WHERE placement_id = ${p.id} AND week_start = ${week} AND seat IS NOT NULL`,
    );
    if (Number(row?.n) >= p.capacity) return week;
  }
  return weeks[0] ?? "";
}

/** Names the checkout session that pays for the bookings. */
export async function attachSession(db: Db, ids: number[], sessionId: string): Promise<void> {
  for (const id of ids)
    await db.run(sql`UPDATE sponsor_bookings SET session_id = ${sessionId} WHERE id = ${id} AND session_id IS NULL`);
}

/** Lets go of holds whose checkout could not be created. */
export async function dropHolds(db: Db, ids: number[]): Promise<void> {
  for (const id of ids)
    await db.run(
      sql`UPDATE sponsor_bookings SET seat = NULL, status = 'expired' WHERE id = ${id} AND status = 'unpaid'`,
    );
}

/**
 * Records a paid sponsor checkout and fulfils it in the same transaction, once (see
 * recordPayment): its held weeks wait for approval; a week whose hold lapsed before the payment
 * arrived is taken again if a place is still free, otherwise it is due a refund (never two
 * sponsors in one place). Returns false when the payment or the event was recorded before.
 */
export async function fulfilSponsorPayment(
  db: Db,
  paid: Omit<PaidCheckout, "packageId">,
  event?: { id: string; type: string },
  /** The receipt, written in the same batch and only when this call records the payment. */
  receipt?: (onlyIfPaid: string) => InStatement,
): Promise<boolean> {
  const session = paid.sessionId;
  return recordPayment(
    db,
    { ...paid, packageId: "sponsor" },
    [
      {
        sql: `UPDATE sponsor_bookings SET status = 'pending', hold_until = NULL
              WHERE session_id = ? AND status = 'unpaid' AND seat IS NOT NULL AND ${PAID_NOW}`,
        args: [session],
      },
      // One statement per booking, so each sees the seats the one before it took.
      ...Array.from({ length: SPONSOR_WEEKS_PER_BOOKING }, (_, nth) => ({
        sql: `UPDATE sponsor_bookings AS b SET seat = ${FREE_SEAT}, status = 'pending', hold_until = NULL
              WHERE b.id = (SELECT id FROM sponsor_bookings WHERE session_id = ? ORDER BY id LIMIT 1 OFFSET ?)
                AND b.status IN ('unpaid', 'expired') AND ${FREE_SEAT} <= (SELECT capacity FROM sponsor_placements WHERE id = b.placement_id) AND ${PAID_NOW}`,
        args: [session, nth],
      })),
      {
        sql: `UPDATE sponsor_bookings SET seat = NULL, status = 'refund_due', hold_until = NULL
              WHERE session_id = ? AND status IN ('unpaid', 'expired') AND ${PAID_NOW}`,
        args: [session],
      },
      ...(receipt ? [receipt(PAID_NOW)] : []),
    ],
    event,
  );
}

export type RefundDue = { ids: number[]; amount_cents: number; payment_intent: string; session_id: string };

/** The refunds owed on a session's bookings (rejected, or paid for a week taken meanwhile). */
export async function refundsDue(db: Db, sessionId: string): Promise<RefundDue | null> {
  const rows = await db.all<{ id: number; amount_cents: number; payment_intent: string | null }>(
    sql`SELECT b.id, b.amount_cents, p.payment_intent FROM sponsor_bookings b
        JOIN payments p ON p.session_id = b.session_id
        WHERE b.session_id = ${sessionId} AND b.status = 'refund_due' ORDER BY b.id`,
  );
  const intent = rows[0]?.payment_intent;
  if (!intent) return null;
  return {
    ids: rows.map((r) => Number(r.id)),
    amount_cents: rows.reduce((s, r) => s + Number(r.amount_cents), 0),
    payment_intent: intent,
    session_id: sessionId,
  };
}

/** Records a refund made: its bookings are refunded, its payment shows the amount. */
export async function markRefunded(db: Db, due: RefundDue): Promise<void> {
  await db.$client.batch(
    [
      {
        sql: `UPDATE sponsor_bookings SET status = 'refunded' WHERE status = 'refund_due' AND id IN (${due.ids.map(() => "?").join(",")})`,
        args: due.ids,
      },
      {
        sql: "UPDATE payments SET refunded_cents = refunded_cents + ? WHERE session_id = ?",
        args: [due.amount_cents, due.session_id],
      },
    ],
    "write",
  );
}

/**
 * An admin's decision on a booking waiting for approval: approved, or rejected (its place freed,
 * its payment due back). Null when no booking waits under that id.
 */
export async function decideBooking(
  db: Db,
  id: number,
  decision: "approve" | "reject",
  reason: string | null,
): Promise<{ session_id: string | null } | null> {
  const row = await one<{ session_id: string | null }>(
    db,
    decision === "approve"
      ? // A tool's booking keeps the address the admin saw: its clicks never follow a later edit.
        sql`UPDATE sponsor_bookings SET status = 'approved',
              url = CASE WHEN tool_id IS NULL THEN url ELSE (SELECT website_url FROM tools WHERE id = tool_id) END
            WHERE id = ${id} AND status = 'pending' RETURNING session_id`
      : sql`UPDATE sponsor_bookings SET status = 'refund_due', seat = NULL, reject_reason = ${reason}
            WHERE id = ${id} AND status = 'pending' RETURNING session_id`,
  );
  return row ?? null;
}

export type PlacementChange = { kind: SponsorKind; category_id: number | null };

/**
 * Brings what the pages show in line with `now`: an approved booking is live during its week
 * and not outside it (nor once refunded or rejected). Returns the placements whose sponsors
 * changed, for their pages to re-render.
 */
export async function syncSponsorWeeks(db: Db, now: Date): Promise<PlacementChange[]> {
  const week = weekOf(now);
  const changed = await db.all<{ kind: SponsorKind; category_id: number | null }>(
    sql`UPDATE sponsor_bookings SET live = (status = 'approved' AND week_start = ${week})
        WHERE live != (status = 'approved' AND week_start = ${week})
        RETURNING (SELECT kind FROM sponsor_placements WHERE id = placement_id) AS kind,
          (SELECT category_id FROM sponsor_placements WHERE id = placement_id) AS category_id`,
  );
  const seen = new Map<string, PlacementChange>();
  for (const c of changed) seen.set(`${c.kind}:${c.category_id}`, { kind: c.kind, category_id: c.category_id });
  return [...seen.values()];
}

export type LiveSponsor = {
  id: number;
  title: string;
  body: string;
  image_url: string | null;
  url: string;
  tool_slug: string | null;
};

/**
 * The sponsors a page shows in a placement this week (at most its capacity: one per seat). A
 * tool's sponsorship shows its name, description and logo; a banner its own title, text and image.
 */
export async function liveSponsors(
  db: Db,
  kind: SponsorKind,
  categoryId: number | null = null,
): Promise<LiveSponsor[]> {
  noteReads([readKey.placement(kind, categoryId)]);
  return sponsorsWhere(db, sql`b.live = 1 AND p.kind = ${kind} AND p.category_id IS ${categoryId}`);
}

/**
 * The newsletter's sponsors of the week holding `at` (an issue going out then): approved bookings
 * of that week, whether or not the sponsor-weeks job has made them live yet.
 */
export async function newsletterSponsorsAt(db: Db, at: Date): Promise<LiveSponsor[]> {
  return sponsorsWhere(
    db,
    sql`b.status = 'approved' AND b.week_start = ${weekOf(at)} AND p.kind = 'newsletter' AND p.category_id IS NULL`,
  );
}

async function sponsorsWhere(db: Db, where: SQL): Promise<LiveSponsor[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT b.id, coalesce(t.name, b.title) AS title, coalesce(t.description, b.body, '') AS body,
          coalesce(t.logo_url, b.image_url) AS image_url, coalesce(b.url, t.website_url) AS url, t.slug AS tool_slug
        FROM sponsor_bookings b JOIN sponsor_placements p ON p.id = b.placement_id
        LEFT JOIN tools t ON t.id = b.tool_id AND ${sql.raw(publicToolSql("t"))}
        WHERE ${where} AND (b.tool_id IS NULL OR t.id IS NOT NULL)
        ORDER BY b.seat LIMIT 10`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title ?? ""),
    // A tool's description is Markdown of any length: its first words as plain text, as on a card.
    body: r.tool_slug == null ? String(r.body ?? "") : summary(String(r.body ?? ""), 160),
    image_url: r.image_url == null ? null : String(r.image_url),
    url: String(r.url ?? ""),
    tool_slug: r.tool_slug == null ? null : String(r.tool_slug),
  }));
}

/** Counts an impression of a live sponsor; false when none is live under that id. */
export async function countSponsorImpression(db: Db, id: number): Promise<boolean> {
  const result = await db.run(
    sql`UPDATE sponsor_bookings SET impressions = impressions + 1 WHERE id = ${id} AND live = 1`,
  );
  return result.rowsAffected === 1;
}

/**
 * The bookings whose link may be followed: a live one, or a newsletter sponsor's, whose link lives
 * on in the sent issue and its archive page (an approved one, from its week's start on, after the
 * week too). Its address: the one captured when an admin approved it (decideBooking).
 */
const followable = (id: number, now: Date) =>
  sql`id = ${id} AND (live = 1 OR (status = 'approved' AND week_start <= ${weekOf(now)}
        AND placement_id IN (SELECT id FROM sponsor_placements WHERE kind = 'newsletter')))`;
const linkUrl = sql`coalesce(url, (SELECT website_url FROM tools WHERE id = tool_id)) AS url`;

/** Counts a click on a sponsor whose link may be followed and answers where it leads (else null). */
export async function countSponsorClick(db: Db, id: number, now: Date): Promise<string | null> {
  const row = await one<{ url: string | null }>(
    db,
    sql`UPDATE sponsor_bookings SET clicks = clicks + 1 WHERE ${followable(id, now)} RETURNING ${linkUrl}`,
  );
  return row?.url ?? null;
}

/** Where a sponsor's link leads, without counting (a repeat click); null when it may not be followed. */
export async function sponsorLinkUrl(db: Db, id: number, now: Date): Promise<string | null> {
  const row = await one<{ url: string | null }>(
    db,
    sql`SELECT ${linkUrl} FROM sponsor_bookings WHERE ${followable(id, now)}`,
  );
  return row?.url ?? null;
}

const BOOKING_COLUMNS = sql`b.id, b.placement_id, p.name AS placement_name, b.user_id, u.email AS user_email, b.tool_id,
  t.name AS tool_name, b.title, b.body, b.image_url, b.url, b.week_start, b.status, b.amount_cents, b.session_id,
  b.live, b.impressions, b.clicks, b.reject_reason, b.created_at`;

const toBooking = (r: Record<string, unknown>): Booking => ({
  ...(r as unknown as Booking),
  id: Number(r.id),
  live: Number(r.live) === 1,
});

/** A member's bookings that were paid for (what they bought and how it did), newest first. */
export async function bookingsOf(db: Db, userId: number): Promise<Booking[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT ${BOOKING_COLUMNS} FROM sponsor_bookings b JOIN sponsor_placements p ON p.id = b.placement_id
        JOIN users u ON u.id = b.user_id LEFT JOIN tools t ON t.id = b.tool_id
        WHERE b.user_id = ${userId} AND b.status NOT IN ('unpaid', 'expired') ORDER BY b.week_start DESC, b.id DESC LIMIT 200`,
  );
  return rows.map(toBooking);
}

/** Every paid booking for the admin, those waiting for a decision first. */
export async function adminBookings(db: Db): Promise<Booking[]> {
  const rows = await db.all<Record<string, unknown>>(
    sql`SELECT ${BOOKING_COLUMNS} FROM sponsor_bookings b JOIN sponsor_placements p ON p.id = b.placement_id
        JOIN users u ON u.id = b.user_id LEFT JOIN tools t ON t.id = b.tool_id
        WHERE b.status NOT IN ('unpaid', 'expired')
        ORDER BY b.status = 'pending' DESC, b.week_start DESC, b.id DESC LIMIT 1000`,
  );
  return rows.map(toBooking);
}
