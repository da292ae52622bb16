import { stringify } from "csv-stringify/sync";
import { allPayments, revenueByMonth, revenueList } from "../../../db/queries/revenue";
import { apiRouter, route } from "../../route";
import { listQuery } from "../../schemas";
import { listResponse } from "./list";

/** Every payment the site took, its refunds, monthly totals and a CSV of it all. */
export const revenueAdmin = apiRouter();

revenueAdmin.openapi(
  route({
    operationId: "listPayments",
    method: "get",
    path: "/revenue",
    summary: "Every payment with its product, member, amount and refunds (range/sort/filter: product, status, member)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "revenue", revenueList, c.req.valid("query")),
);

revenueAdmin.openapi(
  route({
    operationId: "getRevenueSummary",
    method: "get",
    path: "/revenue/summary",
    summary: "Totals per month: paid, refunded, kept, and kept per product",
    access: "admin",
  }),
  async (c) => c.json({ months: await revenueByMonth(c.var.deps.db) }),
);

revenueAdmin.openapi(
  route({
    operationId: "exportPaymentsCsv",
    method: "get",
    path: "/revenue.csv",
    summary: "Every payment as CSV, newest first",
    access: "admin",
  }),
  async (c) => {
    const rows = await allPayments(c.var.deps.db);
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", 'attachment; filename="revenue.csv"');
    return c.body(
      stringify(rows, {
        header: true,
        columns: [
          "created_at",
          "stripe_id",
          "session_id",
          "product",
          "member",
          "tool_name",
          "amount_cents",
          "refunded_cents",
          "currency",
          "status",
        ],
      }),
    );
  },
);
