import { sql } from "drizzle-orm";
import { DEFAULT_PRICES, type PricedProduct } from "../../lib/products";
import type { Db } from "../client";
import { productPrices } from "../schema";

export type Prices = Record<PricedProduct, number>;

/** Each product's price in cents as the admin set it (the default where no row is kept). */
export async function getPrices(db: Db): Promise<Prices> {
  const rows = await db.select().from(productPrices);
  return { ...DEFAULT_PRICES, ...Object.fromEntries(rows.map((r) => [r.product, r.price_cents])) };
}

/** Sets the prices given; a checkout opened afterwards charges them. Returns every price. */
export async function setPrices(db: Db, prices: Partial<Prices>): Promise<Prices> {
  const rows = Object.entries(prices).map(([product, price_cents]) => ({
    product: product as PricedProduct,
    price_cents,
  }));
  if (rows.length > 0)
    await db
      .insert(productPrices)
      .values(rows)
      .onConflictDoUpdate({
        target: productPrices.product,
        set: { price_cents: sql`excluded.price_cents`, updated_at: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` },
      });
  return getPrices(db);
}
