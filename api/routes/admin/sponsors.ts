import { z } from "zod";
import { isUniqueViolation } from "../../../db/client";
import {
  adminBookings,
  createPlacement,
  decideBooking,
  deletePlacement,
  getPlacement,
  listPlacements,
  placementHasBookings,
  updatePlacement,
} from "../../../db/queries/sponsors";
import { SPONSOR_KINDS, SPONSORS_DECIDED } from "../../../lib/sponsors";
import { settleRefunds } from "../../checkout-fulfilment";
import { fail } from "../../errors";
import { apiRouter, jsonBody, route } from "../../route";
import { idPath } from "../../schemas";

const placementFields = {
  name: z.string().trim().min(1).max(80),
  weekly_price_cents: z.number().int().min(50).max(10_000_000),
  capacity: z.number().int().min(1).max(10).default(1),
  active: z.boolean().default(true),
};
const placementCreate = z
  .object({
    kind: z.enum(SPONSOR_KINDS),
    category_id: z.number().int().positive().nullable().default(null),
    ...placementFields,
  })
  .refine(
    (p) => (p.kind === "category_top") === (p.category_id !== null),
    "category_id is required for a category's top placement, and only for it",
  );
const placementUpdate = z.object(placementFields);

/** A whole list at once, with the Content-Range react-admin reads. */
const all = <T>(c: { header: (k: string, v: string) => void }, resource: string, rows: T[]) => {
  c.header("content-range", `${resource} 0-${Math.max(0, rows.length - 1)}/${rows.length}`);
  c.header("access-control-expose-headers", "Content-Range");
  return rows;
};

export const sponsorAdmin = apiRouter();

sponsorAdmin.openapi(
  route({
    operationId: "listSponsorPlacements",
    method: "get",
    path: "/sponsor-placements",
    summary: "Sponsor placements",
    access: "admin",
  }),
  async (c) => c.json(all(c, "sponsor-placements", await listPlacements(c.var.deps.db))),
);

sponsorAdmin.openapi(
  route({
    operationId: "getSponsorPlacement",
    method: "get",
    path: "/sponsor-placements/{id}",
    summary: "One sponsor placement",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const placement = await getPlacement(c.var.deps.db, c.req.valid("param").id);
    if (!placement) fail(404, "Placement not found");
    return c.json(placement);
  },
);

sponsorAdmin.openapi(
  route({
    operationId: "createSponsorPlacement",
    method: "post",
    path: "/sponsor-placements",
    summary: "Define a placement sold by the week: where, weekly price, how many run at once",
    access: "admin",
    request: { body: jsonBody(placementCreate) },
  }),
  async (c) => {
    const placement = await createPlacement(c.var.deps.db, c.req.valid("json")).catch((error) => {
      if (isUniqueViolation(error, "")) fail(409, "This placement already exists");
      if (/FOREIGN KEY/.test(String(error?.cause ?? error))) fail(422, "category_id: no such category");
      throw error;
    });
    return c.json(placement, 201);
  },
);

sponsorAdmin.openapi(
  route({
    operationId: "updateSponsorPlacement",
    method: "put",
    path: "/sponsor-placements/{id}",
    summary: "Change a placement's name, weekly price, capacity or state",
    access: "admin",
    request: { params: idPath, body: jsonBody(placementUpdate) },
  }),
  async (c) => {
    const placement = await updatePlacement(c.var.deps.db, c.req.valid("param").id, c.req.valid("json"));
    if (!placement) fail(404, "Placement not found");
    return c.json(placement);
  },
);

sponsorAdmin.openapi(
  route({
    operationId: "deleteSponsorPlacement",
    method: "delete",
    path: "/sponsor-placements/{id}",
    summary: "Delete a placement never booked (a booked one can only be deactivated)",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    if (await placementHasBookings(c.var.deps.db, id)) fail(409, "This placement has bookings: deactivate it instead");
    if (!(await deletePlacement(c.var.deps.db, id))) fail(404, "Placement not found");
    return c.json({ id });
  },
);

sponsorAdmin.openapi(
  route({
    operationId: "listSponsorBookings",
    method: "get",
    path: "/sponsor-bookings",
    summary: "Paid sponsor bookings, those waiting for approval first, with impressions and clicks",
    access: "admin",
  }),
  async (c) => c.json(all(c, "sponsor-bookings", await adminBookings(c.var.deps.db))),
);

sponsorAdmin.openapi(
  route({
    operationId: "approveSponsorBooking",
    method: "post",
    path: "/sponsor-bookings/{id}/approve",
    summary: "Approve a paid booking: it goes live when its week starts",
    access: "admin",
    request: { params: idPath },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    if (!(await decideBooking(c.var.deps.db, id, "approve", null)))
      fail(409, "No booking waits for approval under this id");
    c.var.deps.onContentChange?.(`${SPONSORS_DECIDED}: #${id} approved`, [], [], []);
    return c.json({ id, status: "approved" });
  },
);

sponsorAdmin.openapi(
  route({
    operationId: "rejectSponsorBooking",
    method: "post",
    path: "/sponsor-bookings/{id}/reject",
    summary: "Reject a paid booking: its week is freed and its payment refunded through Stripe",
    access: "admin",
    request: { params: idPath, body: jsonBody(z.object({ reason: z.string().trim().min(1).max(500) })) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const decided = await decideBooking(c.var.deps.db, id, "reject", c.req.valid("json").reason);
    if (!decided) fail(409, "No booking waits for approval under this id");
    const refunded = decided.session_id ? await settleRefunds(c.var.deps, decided.session_id) : 0;
    return c.json({ id, status: refunded > 0 ? "refunded" : "refund_due", refunded_cents: refunded });
  },
);
