import { z } from "zod";
import { readUnsubscribeToken, suppress } from "../../mail/unsubscribe";
import { fail } from "../errors";
import { apiRouter, route } from "../route";

/** The one-click unsubscribe (RFC 8058): mail clients POST here; the /unsubscribe page does too. */
export const mailRoutes = apiRouter();

mailRoutes.openapi(
  route({
    operationId: "unsubscribeFromList",
    method: "post",
    path: "/unsubscribe",
    summary: "Unsubscribe the address a signed link names from its list (one click, no sign-in)",
    access: "public",
    request: { query: z.object({ token: z.string().min(1).max(1000) }) },
  }),
  async (c) => {
    const { db, settings } = c.var.deps;
    const named = await readUnsubscribeToken(settings, c.req.valid("query").token);
    if (!named) fail(400, "This unsubscribe link is invalid.");
    await suppress(db, named.email, named.list, "unsubscribed");
    return c.json({ detail: `${named.email} will get no more of this mail.`, email: named.email, list: named.list });
  },
);
