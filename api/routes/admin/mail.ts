import { getMail, mailList } from "../../../db/queries/mail-outbox";
import { renderMail } from "../../../mail/render";
import { fail } from "../../errors";
import { apiRouter, route } from "../../route";
import { idPath, listQuery } from "../../schemas";
import { listResponse } from "./list";

/**
 * The admin's Mail page: the outbox, newest first, every message with its status, and one
 * message with its HTML and text as they went out (rendered again from the stored data by the
 * sender's own renderer; a one-time link's data is dropped once sent through a real SMTP server).
 */
export const mailAdmin = apiRouter();

mailAdmin.openapi(
  route({
    operationId: "listMail",
    method: "get",
    path: "/",
    summary: "Mail sent and queued, newest first (range/sort/filter: status, to, template)",
    access: "admin",
    request: { query: listQuery },
  }),
  async (c) => {
    const query = c.req.valid("query");
    return listResponse(c, "mail", mailList, { ...query, sort: query.sort ?? ["id", "DESC"] });
  },
);

mailAdmin.openapi(
  route({
    operationId: "getMail",
    method: "get",
    path: "/{id}",
    summary: "One message with its HTML and text parts",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const mail = await getMail(c.var.deps.db, c.req.valid("param").id);
    if (!mail) fail(404, "Message not found");
    const rendered = mail.data === null ? null : await renderMail(c.var.deps.settings, mail).catch(() => null);
    const { data: _data, ...row } = mail;
    return c.json({
      ...row,
      html: rendered?.html ?? null,
      text: rendered?.text ?? null,
      headers: rendered?.headers ?? {},
    });
  },
);
