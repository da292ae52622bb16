import { z } from "zod";
import { getPrices, setPrices } from "../../../db/queries/prices";
import { PRICE_LIMITS } from "../../../lib/products";
import { apiRouter, jsonBody, route } from "../../route";

const cents = z.number().int().min(PRICE_LIMITS.min).max(PRICE_LIMITS.max);
const pricesInput = z.object({ pro: cents.optional(), fast_track: cents.optional() }).strict();

/** The prices of the products sold at one price, in cents; checkouts read them when they open. */
export const priceAdmin = apiRouter();

priceAdmin.openapi(
  route({
    operationId: "getPrices",
    method: "get",
    path: "/",
    summary: "Each product's price in cents (Pro, fast-track review)",
    access: "admin",
  }),
  async (c) => c.json(await getPrices(c.var.deps.db)),
);

priceAdmin.openapi(
  route({
    operationId: "setPrices",
    method: "put",
    path: "/",
    summary: "Set product prices in cents; checkouts opened afterwards charge them",
    access: "admin",
    request: { body: jsonBody(pricesInput) },
  }),
  async (c) => {
    const prices = await setPrices(c.var.deps.db, c.req.valid("json"));
    // The pricing and account pages are built with the prices: a whole rebuild shows the new ones.
    c.var.deps.onContentChange?.("product prices changed");
    return c.json(prices);
  },
);
