import { z } from "zod";
import { fastTrackTarget } from "../../db/queries/fast-track";
import { getPrices } from "../../db/queries/prices";
import { isPublicTool, seesAnyStatus } from "../../db/queries/visibility";
import { FAST_TRACK_PACKAGE } from "../../lib/products";
import { fail } from "../errors";
import { requireUser } from "../middleware/auth";
import { checkoutLimit } from "../middleware/rate-limit";
import { apiRouter, jsonBody, route } from "../route";
import { idPath } from "../schemas";
import { CHECKOUT_MINUTES, returnOrigin, stripeOf } from "./payments";

const fastTrackInput = z.object({ origin_url: z.string().max(2048).optional() }).strict();

/** A paid review first for a member's tool waiting for review (fulfilled in api/checkout-fulfilment.ts). */
export const fastTrackRoutes = apiRouter();

fastTrackRoutes.openapi(
  route({
    operationId: "createFastTrackCheckout",
    method: "post",
    path: "/{id}/fast-track",
    summary: "Start a Stripe Checkout to have your tool waiting for review reviewed first; returns the checkout url",
    access: "user",
    middleware: [checkoutLimit] as const,
    request: { params: idPath, body: jsonBody(fastTrackInput) },
  }),
  async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const tool = await fastTrackTarget(c.var.deps.db, id);
    // Another member's listing waiting for review is as unknown as none.
    if (!tool || !(isPublicTool(tool) || seesAnyStatus(tool, user))) fail(404, "Tool not found");
    if (tool.submitted_by !== user.id) fail(403, "Only the tool's owner can pay for its review");
    if (tool.status !== "pending") fail(409, "Only a tool waiting for review can be reviewed first");
    if (tool.prioritized) fail(409, "This tool is already reviewed first");
    const origin = returnOrigin(c, c.req.valid("json").origin_url);
    const amount = (await getPrices(c.var.deps.db)).fast_track;
    const session = await stripeOf(c).checkout.sessions.create({
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: amount,
            product_data: {
              name: `Review first: ${tool.name}`,
              description: "Your tool moves to the front of the review queue; refunded if it is rejected.",
            },
          },
        },
      ],
      success_url: `${origin}/account?fast_track=paid`,
      cancel_url: `${origin}/account`,
      client_reference_id: String(user.id),
      customer_email: user.email,
      metadata: { user_id: String(user.id), package_id: FAST_TRACK_PACKAGE, tool_id: String(id) },
      expires_at: Math.floor((Date.now() + CHECKOUT_MINUTES * 60_000) / 1000),
    });
    if (!session.url) fail(502, "The payment provider returned no checkout address");
    return c.json({ url: session.url, session_id: session.id });
  },
);
