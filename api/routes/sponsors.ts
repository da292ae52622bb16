import { z } from "zod";
import {
  attachSession,
  bookingsOf,
  CheckoutOpen,
  countSponsorClick,
  countSponsorImpression,
  dropHolds,
  getPlacement,
  holdWeeks,
  liveSponsors,
  sponsorCalendar,
  sponsorLinkUrl,
  WeekTaken,
} from "../../db/queries/sponsors";
import { getTool } from "../../db/queries/tools";
import { isPublicTool } from "../../db/queries/visibility";
import { isMediaPath } from "../../lib/media";
import { calendarWeeks, isWeekStart, SPONSOR_KIND_NAMES, SPONSOR_WEEKS_PER_BOOKING, weekOf } from "../../lib/sponsors";
import { fulfilCheckout, SPONSOR_PACKAGE } from "../checkout-fulfilment";
import { fail } from "../errors";
import { imageUploadBody, imageUploadLimit, receiveImage } from "../image-upload";
import { requireUser } from "../middleware/auth";
import { checkoutLimit, checkoutStatusLimit, sponsorCountOnce } from "../middleware/rate-limit";
import { sameOriginOnly } from "../middleware/same-origin";
import { verifiedEmailToSponsor } from "../middleware/verified-email";
import { apiRouter, jsonBody, route } from "../route";
import { httpUrlField, idPath } from "../schemas";
import { CHECKOUT_MINUTES, returnOrigin, stripeOf } from "./payments";

const bookingInput = z
  .object({
    placement_id: z.number().int().positive(),
    weeks: z.array(z.string().max(10)).min(1).max(SPONSOR_WEEKS_PER_BOOKING),
    /** One of the member's own published tools, shown with its name, description and logo… */
    tool_id: z.number().int().positive().optional(),
    /** …or a banner of its own. */
    banner: z
      .object({
        title: z.string().trim().min(1).max(80),
        text: z.string().trim().min(1).max(200),
        /** An image uploaded with POST /api/sponsors/images. */
        image_url: z.string().max(300).optional(),
        url: httpUrlField,
      })
      .optional(),
    origin_url: z.string().max(2048).optional(),
  })
  .refine((b) => (b.tool_id === undefined) !== (b.banner === undefined), "Give either tool_id or banner, not both");

const PAYMENT_NOT_FOUND = "Payment session not found";

export const sponsorRoutes = apiRouter();

sponsorRoutes.openapi(
  route({
    operationId: "listSponsorCalendar",
    method: "get",
    path: "/calendar",
    summary: "Every sponsor placement with its weekly price and the weeks free, taken and waiting",
    access: "public",
  }),
  async (c) => {
    const now = c.var.deps.now?.() ?? new Date();
    const placements = await sponsorCalendar(c.var.deps.db, now);
    return c.json(placements.map((p) => ({ ...p, kind_name: SPONSOR_KIND_NAMES[p.kind] })));
  },
);

sponsorRoutes.openapi(
  route({
    operationId: "bookSponsorWeeks",
    method: "post",
    path: "/bookings",
    summary: "Book free weeks of a placement for one of your tools or a banner; returns the checkout url",
    access: "user",
    middleware: [verifiedEmailToSponsor, checkoutLimit] as const,
    request: { body: jsonBody(bookingInput) },
  }),
  async (c) => {
    const user = requireUser(c);
    const input = c.req.valid("json");
    const { db } = c.var.deps;
    const now = c.var.deps.now?.() ?? new Date();
    const placement = await getPlacement(db, input.placement_id);
    if (!placement?.active) fail(404, "Placement not found");
    const bookable = new Set(calendarWeeks(now));
    for (const week of input.weeks) {
      if (!isWeekStart(week)) fail(422, `weeks: ${week} is not the Monday a week starts (YYYY-MM-DD)`);
      if (week < weekOf(now)) fail(422, `weeks: ${week} is in the past`);
      if (!bookable.has(week)) fail(422, `weeks: ${week} is further ahead than can be booked`);
    }
    if (new Set(input.weeks).size !== input.weeks.length) fail(422, "weeks: the same week is given twice");
    let creative = { tool_id: null as number | null, title: null, body: null, image_url: null, url: null } as {
      tool_id: number | null;
      title: string | null;
      body: string | null;
      image_url: string | null;
      url: string | null;
    };
    if (input.tool_id !== undefined) {
      const tool = await getTool(db, { id: input.tool_id });
      if (!tool || (tool.submitted_by !== user.id && user.role !== "admin")) fail(404, "Tool not found");
      if (!isPublicTool(tool)) fail(409, "Only a published tool can be sponsored");
      creative = { ...creative, tool_id: tool.id };
    } else if (input.banner) {
      const { title, text, image_url, url } = input.banner;
      if (image_url !== undefined && !isMediaPath(image_url))
        fail(422, "banner.image_url must be an image uploaded with POST /api/sponsors/images");
      creative = { tool_id: null, title, body: text, image_url: image_url ?? null, url };
    }
    const origin = returnOrigin(c, input.origin_url);
    const stripe = stripeOf(c);
    const holdUntil = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000);
    let ids: number[];
    try {
      ids = await holdWeeks(db, { placement, userId: user.id, weeks: input.weeks, creative, holdUntil, now });
    } catch (error) {
      if (error instanceof WeekTaken || error instanceof CheckoutOpen) fail(409, error.message);
      throw error;
    }
    const session = await stripe.checkout.sessions
      .create({
        mode: "payment",
        line_items: [
          {
            quantity: input.weeks.length,
            price_data: {
              currency: "usd",
              unit_amount: placement.weekly_price_cents,
              product_data: { name: `Sponsor week: ${placement.name}` },
            },
          },
        ],
        success_url: `${origin}/advertise?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}/advertise`,
        client_reference_id: String(user.id),
        customer_email: user.email,
        metadata: { user_id: String(user.id), package_id: SPONSOR_PACKAGE },
        expires_at: Math.floor(holdUntil.getTime() / 1000),
      })
      .catch(async (error) => {
        await dropHolds(db, ids);
        throw error;
      });
    await attachSession(db, ids, session.id);
    if (!session.url) fail(502, "The payment provider returned no checkout address");
    return c.json({ url: session.url, session_id: session.id, booking_ids: ids });
  },
);

sponsorRoutes.openapi(
  route({
    operationId: "getSponsorCheckoutStatus",
    method: "get",
    path: "/checkout/{session_id}",
    summary: "Status of your sponsor checkout; records its payment once it is paid",
    access: "user",
    middleware: [checkoutStatusLimit] as const,
    request: { params: z.object({ session_id: z.string().max(200) }) },
  }),
  async (c) => {
    const user = requireUser(c);
    const sessionId = c.req.valid("param").session_id;
    if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) fail(404, PAYMENT_NOT_FOUND);
    const session = await stripeOf(c)
      .checkout.sessions.retrieve(sessionId)
      .catch((error) => {
        if ((error as { statusCode?: number }).statusCode === 404) fail(404, PAYMENT_NOT_FOUND);
        throw error;
      });
    // Another member's session, or another product's, answers like an unknown one.
    if (session.metadata?.user_id !== String(user.id) || session.metadata?.package_id !== SPONSOR_PACKAGE)
      fail(404, PAYMENT_NOT_FOUND);
    await fulfilCheckout(c.var.deps, session);
    return c.json({ session_id: session.id, status: session.status, payment_status: session.payment_status });
  },
);

sponsorRoutes.openapi(
  route({
    operationId: "listMySponsorBookings",
    method: "get",
    path: "/bookings",
    summary: "Your paid sponsor weeks, their state, impressions and clicks",
    access: "user",
  }),
  async (c) => c.json(await bookingsOf(c.var.deps.db, requireUser(c).id)),
);

sponsorRoutes.openapi(
  route({
    operationId: "uploadSponsorImage",
    method: "post",
    path: "/images",
    summary: "Upload a banner image (multipart field 'file': PNG, JPEG, WebP, GIF or SVG, at most 5 MB)",
    access: "user",
    middleware: [verifiedEmailToSponsor, checkoutLimit, imageUploadLimit] as const,
    request: { body: imageUploadBody },
  }),
  async (c) => {
    const { url } = await receiveImage(c);
    return c.json({ image_url: url }, 201);
  },
);

/** The placements an island shows by itself (the pre-rendered pages draw the others). */
const ISLAND_PLACEMENTS = ["search_top"] as const;

sponsorRoutes.openapi(
  route({
    operationId: "listLiveSponsors",
    method: "get",
    path: "/live/{kind}",
    summary: "The sponsors running now in a placement shown by the page's script (search results, top)",
    access: "public",
    request: { params: z.object({ kind: z.enum(ISLAND_PLACEMENTS) }) },
  }),
  async (c) => {
    c.header("cache-control", "public, max-age=60");
    return c.json(await liveSponsors(c.var.deps.db, c.req.valid("param").kind));
  },
);

sponsorRoutes.openapi(
  route({
    operationId: "countSponsorImpression",
    method: "post",
    path: "/{id}/impression",
    summary: "Counts one showing of a live sponsor (cookie-less beacon, once per address per minute; cross-site: 403)",
    access: "public",
    middleware: [sameOriginOnly] as const,
    request: { params: idPath },
    responses: { 204: { description: "Counted" } },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    await sponsorCountOnce(c, "impression", id, () => countSponsorImpression(c.var.deps.db, id));
    return c.body(null, 204);
  },
);

sponsorRoutes.openapi(
  route({
    operationId: "followSponsorLink",
    method: "get",
    path: "/{id}/click",
    summary:
      "Counts a click on a live sponsor (or a newsletter sponsor an issue carried; once per address per minute) and redirects to its site",
    access: "public",
    request: { params: idPath },
    responses: { 302: { description: "To the sponsor's site" }, 404: { description: "No live sponsor" } },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const { db } = c.var.deps;
    const now = c.var.deps.now?.() ?? new Date();
    let url: string | null = null;
    await sponsorCountOnce(c, "click", id, async () => {
      url = await countSponsorClick(db, id, now);
      return url !== null;
    });
    // A repeat click within the minute still leads on, uncounted.
    url ??= await sponsorLinkUrl(db, id, now);
    if (!url) fail(404, "This sponsorship is not running");
    return c.redirect(url, 302);
  },
);
