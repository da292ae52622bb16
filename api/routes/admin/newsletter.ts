import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import {
  allSubscribers,
  composeWeeklyIssue,
  editIssue,
  getIssue,
  importSubscribers,
  issueSponsorsAt,
  listIssues,
  recipientCount,
  startSending,
} from "../../../db/queries/newsletter";
import { SITE_NAME } from "../../../lib/site";
import { digestData } from "../../../mail/digest";
import { InvalidMail, mailAddress } from "../../../mail/outbox";
import { renderMail } from "../../../mail/render";
import { csvUploadBody, csvUploadLimit, receiveCsv } from "../../csv-upload";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath } from "../../schemas";

/**
 * The admin's Newsletter page: this week's issue (composed automatically, its intro editable),
 * a preview, a schedule or "send now", the recipients count, and subscribers in and out as CSV.
 * Nothing is tracked: no opens, no pixels.
 */
export const newsletterAdmin = apiRouter();

/** Subscribers one import may add. */
const MAX_IMPORT_ROWS = 100_000;

newsletterAdmin.openapi(
  route({
    operationId: "listNewsletterIssues",
    method: "get",
    path: "/issues",
    summary: "Newsletter issues, newest first, with the number of current recipients",
    access: "admin",
  }),
  async (c) => {
    const { db } = c.var.deps;
    const now = c.var.deps.now?.() ?? new Date();
    // The week's draft exists as soon as someone looks (the job also composes it).
    await composeWeeklyIssue(db, now, SITE_NAME);
    const issues = await listIssues(db);
    c.header("content-range", `issues 0-${Math.max(issues.length - 1, 0)}/${issues.length}`);
    c.header("access-control-expose-headers", "Content-Range");
    return c.json({ recipients: await recipientCount(db), issues });
  },
);

newsletterAdmin.openapi(
  route({
    operationId: "previewNewsletterIssue",
    method: "get",
    path: "/issues/{id}/preview",
    summary: "The issue as subscribers will get it: subject, HTML and text",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const issue = await getIssue(db, c.req.valid("param").id);
    if (!issue) fail(404, "Issue not found");
    // An issue not yet sending shows the newsletter sponsors it would carry if it went out now.
    const content = issue.number
      ? issue.content
      : { ...issue.content, sponsors: await issueSponsorsAt(db, c.var.deps.now?.() ?? new Date()) };
    const user = c.var.user;
    const mail = await renderMail(settings, {
      to: user?.email ?? "preview@example.com",
      template: "newsletterDigest",
      data: digestData(settings, { ...issue, content }),
      list: "newsletter",
    });
    return c.json({ subject: mail.subject, html: mail.html, text: mail.text });
  },
);

const issueChange = z
  .object({
    intro: z.string().max(5_000).optional(),
    subject: z
      .string()
      .min(1)
      .max(200)
      .refine((s) => !/[\r\n]/.test(s), "subject: one line, no line breaks")
      .optional(),
    /** ISO time to send at; null: back to draft. */
    scheduled_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "name at least one of intro, subject, scheduled_at");

newsletterAdmin.openapi(
  route({
    operationId: "updateNewsletterIssue",
    method: "put",
    path: "/issues/{id}",
    summary: "Edit a draft or scheduled issue: intro, subject, scheduled_at (null: unschedule)",
    access: "admin",
    request: { params: idPath, body: jsonBody(issueChange) },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const id = c.req.valid("param").id;
    const change = c.req.valid("json");
    const scheduled = change.scheduled_at ? new Date(change.scheduled_at).toISOString() : change.scheduled_at;
    const issue = await editIssue(db, id, { ...change, scheduled_at: scheduled });
    if (!issue)
      fail(
        (await getIssue(db, id)) ? 409 : 404,
        (await getIssue(db, id)) ? "This issue is already sent" : "Issue not found",
      );
    return c.json(issue);
  },
);

newsletterAdmin.openapi(
  route({
    operationId: "sendNewsletterIssue",
    method: "post",
    path: "/issues/{id}/send",
    status: 202,
    summary: "Send an issue now: it goes to every confirmed subscriber in batches (once, even if asked twice)",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { db } = c.var.deps;
    const id = c.req.valid("param").id;
    const issue = await startSending(db, id, c.var.deps.now?.() ?? new Date());
    if (!issue)
      fail(
        (await getIssue(db, id)) ? 409 : 404,
        (await getIssue(db, id)) ? "This issue is already sent" : "Issue not found",
      );
    // Its archive page appears with the next rebuild of the site.
    const number = issue.number ?? 0;
    c.var.deps.onContentChange?.(`newsletter issue ${number} sent`, [], [], [{ kind: "newsletter", number }]);
    return c.json({ detail: `Issue ${issue.number} is being sent`, issue }, 202);
  },
);

newsletterAdmin.openapi(
  route({
    operationId: "exportNewsletterSubscribers",
    method: "get",
    path: "/subscribers.csv",
    summary: "Every subscriber as CSV: email, status, created_at, confirmed_at",
    access: "admin",
  }),
  async (c) => {
    const rows = await allSubscribers(c.var.deps.db);
    c.header("content-type", "text/csv; charset=utf-8");
    c.header("content-disposition", 'attachment; filename="subscribers.csv"');
    return c.body(stringify(rows, { header: true, columns: ["email", "status", "created_at", "confirmed_at"] }));
  },
);

newsletterAdmin.openapi(
  route({
    operationId: "importNewsletterSubscribers",
    method: "post",
    path: "/subscribers/upload-csv",
    summary:
      "Import confirmed subscribers from CSV (an 'email' column; multipart field 'file'); all or nothing: a bad row names its line",
    access: "admin",
    "x-upload": true,
    middleware: [csvUploadLimit] as const,
    request: { body: csvUploadBody },
  }),
  async (c) => {
    const file = await receiveCsv(c);
    let records: Record<string, string>[];
    try {
      records = parse(await file.text(), {
        columns: (h: string[]) => h.map((x) => x.trim().toLowerCase()),
        bom: true,
        skip_empty_lines: true,
        to: MAX_IMPORT_ROWS + 1,
      });
    } catch (error) {
      fail(422, `The file is not valid CSV: ${(error as Error).message}`);
    }
    if (records.length > MAX_IMPORT_ROWS) fail(422, `At most ${MAX_IMPORT_ROWS} subscribers per file`);
    if (records.length > 0 && !("email" in (records[0] ?? {}))) fail(422, "The file needs an 'email' column");
    const emails = new Set<string>();
    const bad: string[] = [];
    records.forEach((record, i) => {
      try {
        emails.add(mailAddress(record.email ?? ""));
      } catch (error) {
        if (!(error instanceof InvalidMail)) throw error;
        // Line numbers as a spreadsheet shows them: the header is line 1.
        if (bad.length < 10) bad.push(`line ${i + 2}: '${String(record.email ?? "").slice(0, 80)}'`);
        else if (bad.length === 10) bad.push("...");
      }
    });
    if (bad.length > 0) fail(422, `Not valid e-mail addresses, nothing imported: ${bad.join("; ")}`);
    const added = await importSubscribers(c.var.deps.db, [...emails]);
    return c.json({ count: added, skipped: emails.size - added });
  },
);
