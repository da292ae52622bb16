import type { Db } from "../client";
import { type ListSpec, listPage } from "./admin-list";

export type RevenueRow = {
  id: number;
  /** The Stripe payment (a refund names it), else the Checkout session. */
  stripe_id: string;
  session_id: string;
  product: string;
  /** Null once the member deleted their account (the payment stays, without them). */
  user_id: number | null;
  member: string | null;
  tool_id: number | null;
  tool_name: string | null;
  amount_cents: number;
  refunded_cents: number;
  currency: string;
  status: "paid" | "partially_refunded" | "refunded";
  created_at: string;
};

const STATUS = `CASE WHEN p.refunded_cents = 0 THEN 'paid'
  WHEN p.refunded_cents < p.amount_cents THEN 'partially_refunded' ELSE 'refunded' END`;

/** Every payment of every product (Pro, sponsor weeks, fast-track), for the admin's Revenue list. */
export const revenueList: ListSpec<RevenueRow> = {
  from: "FROM payments p LEFT JOIN users u ON u.id = p.user_id LEFT JOIN tools t ON t.id = p.tool_id",
  select: `p.id, coalesce(p.payment_intent, p.session_id) AS stripe_id, p.session_id, p.package_id, p.user_id,
    u.email, p.tool_id, t.name AS tool_name, p.amount_cents, p.refunded_cents, p.currency, ${STATUS} AS status,
    p.created_at`,
  id: "p.id",
  sort: {
    created_at: "p.created_at",
    amount_cents: "p.amount_cents",
    refunded_cents: "p.refunded_cents",
    product: "p.package_id",
    member: "u.email",
  },
  filter: {
    product: (value) => ["p.package_id = ?", [String(value)]],
    status: (value) => [`${STATUS} = ?`, [String(value)]],
    member: (value) => ["u.email LIKE ?", [`%${String(value).toLowerCase()}%`]],
  },
  map: (row) => ({
    id: Number(row.id),
    stripe_id: String(row.stripe_id),
    session_id: String(row.session_id),
    product: String(row.package_id),
    user_id: row.user_id == null ? null : Number(row.user_id),
    member: row.email == null ? null : String(row.email),
    tool_id: row.tool_id == null ? null : Number(row.tool_id),
    tool_name: row.tool_name == null ? null : String(row.tool_name),
    amount_cents: Number(row.amount_cents),
    refunded_cents: Number(row.refunded_cents),
    currency: String(row.currency),
    status: String(row.status) as RevenueRow["status"],
    created_at: String(row.created_at),
  }),
};

/** Every payment, newest first (the CSV export). */
export async function allPayments(db: Db): Promise<RevenueRow[]> {
  return (await listPage(db, revenueList, { sort: ["created_at", "DESC"] })).rows;
}

export type MonthTotal = {
  /** YYYY-MM (UTC). */
  month: string;
  currency: string;
  payments: number;
  gross_cents: number;
  refunded_cents: number;
  net_cents: number;
  /** Net per product. */
  by_product: Record<string, number>;
};

/** Totals per month and currency, newest month first: paid, refunded and kept, and kept per product. */
export async function revenueByMonth(db: Db): Promise<MonthTotal[]> {
  const result = await db.$client.execute(
    `SELECT substr(created_at, 1, 7) AS month, currency, package_id, count(*) AS n,
       sum(amount_cents) AS gross, sum(refunded_cents) AS refunded
     FROM payments GROUP BY month, currency, package_id ORDER BY month DESC, currency, package_id`,
  );
  const months = new Map<string, MonthTotal>();
  for (const r of result.rows) {
    const key = `${r.month} ${r.currency}`;
    const total = months.get(key) ?? {
      month: String(r.month),
      currency: String(r.currency),
      payments: 0,
      gross_cents: 0,
      refunded_cents: 0,
      net_cents: 0,
      by_product: {},
    };
    const [gross, refunded] = [Number(r.gross), Number(r.refunded)];
    total.payments += Number(r.n);
    total.gross_cents += gross;
    total.refunded_cents += refunded;
    total.net_cents += gross - refunded;
    total.by_product[String(r.package_id)] = gross - refunded;
    months.set(key, total);
  }
  return [...months.values()];
}
