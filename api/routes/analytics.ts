import { stringify } from "csv-stringify/sync";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { type DayFigures, dayOf, daysBefore, toolAnalytics } from "../../db/queries/analytics";
import { fail } from "../errors";
import { clientAddress } from "../middleware/rate-limit";
import { sameOriginOnly } from "../middleware/same-origin";
import { apiRouter, route } from "../route";
import { idPath } from "../schemas";
import { viewCounter } from "../view-counter";
import { ownTool } from "./tools";

export const analyticsRoutes = apiRouter();

/** A beacon carries nothing the server reads: anything past this is refused before it is read. */
const BEACON_BODY_BYTES = 1024;

analyticsRoutes.openapi(
  route({
    operationId: "recordToolView",
    method: "post",
    path: "/{id}/view",
    summary:
      "Page-view beacon of a tool page: counted once per visitor per tool per day (a daily-salted hash; no cookie, no address stored); 204. Cross-site requests: 403",
    access: "public",
    middleware: [
      sameOriginOnly,
      bodyLimit({
        maxSize: BEACON_BODY_BYTES,
        onError: (c) => c.json({ detail: `Request body is larger than ${BEACON_BODY_BYTES} bytes` }, 413),
      }),
    ] as const,
    request: { params: idPath },
    responses: { 204: { description: "Received" }, "4XX": { description: "Error" } },
  }),
  async (c) => {
    const { deps } = c.var;
    const counter = viewCounter(deps.db, deps.settings, deps.now);
    const userAgent = (c.req.header("user-agent") ?? "").slice(0, 512);
    const outcome = await counter.count(c.req.valid("param").id, clientAddress(c), userAgent);
    if (outcome === "unknown") fail(404, "Tool not found");
    return c.body(null, 204);
  },
);

const FIGURES = ["views", "clicks", "saves", "unsaves"] as const;

const analyticsQuery = z.object({
  days: z.coerce.number().int().min(1).max(400).default(30),
  format: z.enum(["json", "csv"]).default("json"),
});

analyticsRoutes.openapi(
  route({
    operationId: "getToolAnalytics",
    method: "get",
    path: "/{id}/analytics",
    summary:
      "A tool's daily views, outbound clicks, saves and unsaves for the last `days` days (1-400, default 30) with totals; format=csv downloads them (owner or admin)",
    access: "user",
    request: { params: idPath, query: analyticsQuery },
  }),
  async (c) => {
    const tool = await ownTool(c, "You can only see the analytics of your own tools");
    const { days, format } = c.req.valid("query");
    const to = dayOf(c.var.deps.now?.() ?? new Date());
    const from = daysBefore(to, days - 1);
    const figures = await toolAnalytics(c.var.deps.db, tool.id, from, to);
    if (format === "csv") {
      return c.body(toCsv(figures), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${tool.slug || tool.id}-analytics-${from}-to-${to}.csv"`,
      });
    }
    return c.json({ tool_id: tool.id, from, to, days: figures, totals: totalsOf(figures) });
  },
);

function totalsOf(figures: DayFigures[]): Record<(typeof FIGURES)[number], number> {
  const totals = { views: 0, clicks: 0, saves: 0, unsaves: 0 };
  for (const day of figures) for (const name of FIGURES) totals[name] += day[name];
  return totals;
}

function toCsv(figures: DayFigures[]): string {
  return stringify(figures, { header: true, columns: ["day", ...FIGURES] });
}
