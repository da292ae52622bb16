import Stripe from "stripe";
import type { Settings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";

/** Opens and migrates the database named by the settings. */
export async function openDatabase(settings: Settings): Promise<Db> {
  const db = await openDb({
    url: settings.DATABASE_URL,
    authToken: settings.DATABASE_AUTH_TOKEN,
    syncUrl: settings.DATABASE_SYNC_URL,
  });
  await migrateDb(db);
  return db;
}

/** The Stripe SDK client, pointed at a Stripe-compatible host when one is configured. */
export function createStripe(
  secretKey: string,
  host?: { host: string; port: number; protocol: "http" | "https" },
): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(host ? { host: host.host, port: host.port, protocol: host.protocol } : {}),
  });
}
