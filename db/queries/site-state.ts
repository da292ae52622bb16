import type { Client } from "@libsql/client";

/**
 * The content version a connection reads (drawn anew by every write to what pages show; see
 * migration 0005). Takes a raw client so the render worker, which Node runs without a loader, can
 * ask its snapshot.
 */
export async function readContentVersion(client: Pick<Client, "execute">): Promise<string> {
  const result = await client.execute("SELECT value FROM site_state WHERE key = 'content_version'");
  return String(result.rows[0]?.value ?? "");
}
