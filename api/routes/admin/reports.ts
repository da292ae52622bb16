import { z } from "zod";
import { isUniqueViolation } from "../../../db/client";
import { deleteReport, getReport, reportList, setReportStatus } from "../../../db/queries/reports";
import { getTool } from "../../../db/queries/tools";
import { reportResolvedMail } from "../../../mail/events";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

export const reportAdmin = apiRouter();

/** The admin may only open or resolve a report; what the visitor wrote stays as written. */
const reportUpdate = z.object({ status: z.enum(["open", "resolved"]) }).passthrough();

reportAdmin.openapi(
  route({
    operationId: "listReports",
    method: "get",
    path: "/",
    summary: "Listing reports (range/sort/filter: status, reason, tool_id)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => listResponse(c, "reports", reportList, c.req.valid("query")),
);

reportAdmin.openapi(
  route({
    operationId: "getReport",
    method: "get",
    path: "/{id}",
    summary: "One report",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const report = await getReport(c.var.deps.db, c.req.valid("param").id);
    if (!report) fail(404, "Report not found");
    return c.json(report);
  },
);

reportAdmin.openapi(
  route({
    operationId: "updateReport",
    method: "put",
    path: "/{id}",
    summary: "Resolve or reopen a report",
    access: "admin",
    request: { params: idPath, body: jsonBody(reportUpdate) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const id = c.req.valid("param").id;
    const found = await getReport(db, id);
    const tool = found ? await getTool(db, { id: found.tool_id }) : null;
    const notice = (when: string) =>
      tool?.submitted_by ? [reportResolvedMail(settings, tool, found?.reason ?? "", when)] : [];
    const report = await setReportStatus(db, id, c.req.valid("json").status, notice).catch((error) => {
      // One network holds one open report per tool and reason (db/queries/reports.ts).
      if (isUniqueViolation(error, "reports.tool_id")) {
        fail(409, "The same network has a newer open report of this reason for this tool; handle that one");
      }
      throw error;
    });
    if (!report) fail(404, "Report not found");
    return c.json(report);
  },
);

reportAdmin.openapi(
  route({
    operationId: "deleteReport",
    method: "delete",
    path: "/{id}",
    summary: "Delete a report",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const report = await getReport(c.var.deps.db, c.req.valid("param").id);
    if (!report || !(await deleteReport(c.var.deps.db, report.id))) fail(404, "Report not found");
    return c.json(report);
  },
);
