import { z } from "zod";
import { addReport } from "../../db/queries/reports";
import { getPublicTool } from "../../db/queries/tools";
import { REPORT_REASONS } from "../../db/schema";
import { newReportMail } from "../../mail/events";
import { networkKey } from "../client-address";
import { fail } from "../errors";
import { clientAddress, reportOnce } from "../middleware/rate-limit";
import { apiRouter, jsonBody, route } from "../route";
import { idPath } from "../schemas";

const reportInput = z.strictObject({
  reason: z.enum(REPORT_REASONS, { message: `reason: one of ${REPORT_REASONS.join(", ")}` }),
  note: z.string().trim().max(1000, "note: at most 1,000 characters").optional().default(""),
});

export const reportRoutes = apiRouter();

reportRoutes.openapi(
  route({
    operationId: "reportTool",
    status: 201,
    method: "post",
    path: "/{id}/reports",
    summary: "Report a listing (broken link, wrong information, spam or scam, other); signed in or not",
    access: "optional",
    request: { params: idPath, body: jsonBody(reportInput) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const tool = await getPublicTool(db, { id: c.req.valid("param").id });
    if (!tool) fail(404, "Tool not found");
    const input = c.req.valid("json");
    // Counted per address (20 an hour); a repeat of the same report within the hour is thanked
    // but not stored again. Stored per network, so no few networks can fill the tool's places.
    const network = networkKey(clientAddress(c));
    await reportOnce(c, tool.id, input.reason, () =>
      addReport(
        db,
        {
          tool_id: tool.id,
          reason: input.reason,
          note: input.note,
          user_id: c.var.user?.id ?? null,
          network,
        },
        (when) => [newReportMail(c.var.deps.settings, tool, input.reason, when)],
      ),
    );
    return c.json({ detail: "Thanks, your report was sent to the moderators." }, 201);
  },
);
