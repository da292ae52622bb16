import type { LocalImage, StoredImage } from "../../lib/media";
import type { Db } from "../client";
import { noteReads, readKey } from "../page-reads";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The image URLs tools and articles name that can be fetched (uploads live under /media/ and
 * never are).
 */
const NAMED_URLS = `SELECT logo_url AS url FROM tools WHERE logo_url LIKE 'http%'
  UNION SELECT s.value ->> 'url' FROM tools t, json_each(t.screenshots) s WHERE s.value ->> 'url' LIKE 'http%'
  UNION SELECT featured_image FROM articles WHERE featured_image LIKE 'http%'`;

/** Adds a row, due now, for every image URL a tool names that has none yet (a new or changed URL). */
export async function discoverImages(db: Db, now: number): Promise<number> {
  const result = await db.$client.execute({
    sql: `INSERT INTO images (source_url, next_fetch_at) SELECT url, ? FROM (${NAMED_URLS})
          WHERE url LIKE 'http://%' OR url LIKE 'https://%' ON CONFLICT DO NOTHING`,
    args: [iso(now)],
  });
  return result.rowsAffected;
}

/**
 * Removes the rows of image URLs no tool, article or sponsor banner names any more (a logo replaced, a tool
 * deleted): without this every URL ever submitted would stay, fetched again every month, or
 * every day while it fails. A row stored in the last hour stays, so an upload is never lost
 * between its row and the tool naming it. Resolves the copies the forgotten rows had: their files
 * stay a while (builds may still show them), and go with the media sweep (jobs/media-sweep.ts).
 */
export async function forgetUnnamedImages(db: Db, now: number): Promise<StoredFiles[]> {
  const result = await db.$client.execute({
    sql: `DELETE FROM images WHERE (fetched_at IS NULL OR fetched_at < ?) AND source_url NOT IN (
            SELECT logo_url FROM tools WHERE logo_url IS NOT NULL
            UNION SELECT s.value ->> 'url' FROM tools t, json_each(t.screenshots) s WHERE s.value ->> 'url' IS NOT NULL
            UNION SELECT featured_image FROM articles WHERE featured_image IS NOT NULL
            UNION SELECT image_url FROM sponsor_bookings WHERE image_url IS NOT NULL)
          RETURNING hash, widths`,
    args: [iso(now - 60 * 60 * 1000)],
  });
  return result.rows.flatMap((r) => storedFiles(r.hash, r.widths));
}

/** The files of one stored copy: its content hash and the widths it was stored at. */
export type StoredFiles = { hash: string; widths: number[] };

const storedFiles = (hash: unknown, widths: unknown): StoredFiles[] =>
  hash ? [{ hash: String(hash), widths: JSON.parse(String(widths ?? "[]")) as number[] }] : [];

/** Which of these content hashes a row still names (their stored files are in use). */
export async function hashesInUse(db: Db, hashes: string[]): Promise<Set<string>> {
  const used = new Set<string>();
  for (let i = 0; i < hashes.length; i += 500) {
    const slice = hashes.slice(i, i + 500);
    const result = await db.$client.execute({
      sql: `SELECT DISTINCT hash FROM images WHERE hash IN (${slice.map(() => "?").join(",")})`,
      args: slice,
    });
    for (const r of result.rows) used.add(String(r.hash));
  }
  return used;
}

/** A URL due to be fetched, with the copy it has now (null: none yet). */
export type DueImage = { source_url: string; stored: StoredFiles | null; failures: number };

/** The `limit` URLs longest due, with their failures so far: what a pass chooses from. */
export async function dueImages(
  db: Db,
  now: number,
  limit: number,
): Promise<{ source_url: string; failures: number }[]> {
  const result = await db.$client.execute({
    sql: `SELECT source_url, failures FROM images WHERE next_fetch_at IS NOT NULL AND next_fetch_at <= ?
          ORDER BY next_fetch_at LIMIT ?`,
    args: [iso(now), limit],
  });
  return result.rows.map((r) => ({ source_url: String(r.source_url), failures: Number(r.failures) }));
}

/**
 * Claims these URLs where they are still due, pushing their next fetch `leaseMs` ahead in the
 * same statement: fetchers in other processes skip them while this one works.
 */
export async function claimImages(db: Db, urls: string[], now: number, leaseMs: number): Promise<DueImage[]> {
  const result = await db.$client.execute({
    sql: `UPDATE images SET next_fetch_at = ?
          WHERE source_url IN (SELECT value FROM json_each(?)) AND next_fetch_at IS NOT NULL AND next_fetch_at <= ?
          RETURNING source_url, hash, widths, failures`,
    args: [iso(now + leaseMs), JSON.stringify(urls), iso(now)],
  });
  const order = new Map(urls.map((url, i) => [url, i]));
  return result.rows
    .map((r) => ({
      source_url: String(r.source_url),
      stored: storedFiles(r.hash, r.widths)[0] ?? null,
      failures: Number(r.failures),
    }))
    .sort((a, b) => (order.get(a.source_url) ?? 0) - (order.get(b.source_url) ?? 0));
}

const values = (image: StoredImage) => [
  image.hash,
  image.width,
  image.height,
  image.color,
  JSON.stringify(image.widths),
  image.originalBytes,
  image.storedBytes,
];

/** Records a good copy of a fetched URL; resolves whether the copy changed (its pages re-render). */
export async function recordFetched(
  db: Db,
  url: string,
  image: StoredImage,
  now: number,
  nextAt: number,
): Promise<boolean> {
  const before = await db.$client.execute({ sql: "SELECT hash FROM images WHERE source_url = ?", args: [url] });
  await db.$client.execute({
    sql: `UPDATE images SET hash = ?, width = ?, height = ?, color = ?, widths = ?, original_bytes = ?,
            stored_bytes = ?, failures = 0, error = NULL, fetched_at = ?, next_fetch_at = ?
          WHERE source_url = ?`,
    args: [...values(image), iso(now), iso(nextAt), url],
  });
  return before.rows[0]?.hash !== image.hash;
}

/** Records a failed fetch: the last good copy, if any, stays. */
export async function recordFailure(db: Db, url: string, error: string, now: number, nextAt: number) {
  await db.$client.execute({
    sql: `UPDATE images SET failures = failures + 1, error = ?, fetched_at = ?, next_fetch_at = ?
          WHERE source_url = ?`,
    args: [error.slice(0, 500), iso(now), iso(nextAt), url],
  });
}

/** Records an uploaded file, ready at once under its own local URL (never fetched). */
export async function recordUpload(db: Db, url: string, image: StoredImage) {
  await db.$client.execute({
    sql: `INSERT INTO images (source_url, hash, width, height, color, widths, original_bytes, stored_bytes, fetched_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    args: [url, ...values(image), new Date().toISOString()],
  });
}

/** The ids of the tools that name `url` as their logo or a screenshot. */
export async function toolsNamingImage(db: Db, url: string): Promise<number[]> {
  const result = await db.$client.execute({
    sql: `SELECT id FROM tools WHERE logo_url = ?
          OR EXISTS (SELECT 1 FROM json_each(tools.screenshots) s WHERE s.value ->> 'url' = ?)`,
    args: [url, url],
  });
  return result.rows.map((r) => Number(r.id));
}

/** Whether an article names `url` as its featured image. */
export async function articlesNameImage(db: Db, url: string): Promise<boolean> {
  const result = await db.$client.execute({
    sql: "SELECT 1 FROM articles WHERE featured_image = ? LIMIT 1",
    args: [url],
  });
  return result.rows.length > 0;
}

/** The site's own copies of these image URLs, by URL (a URL without one is absent). */
export async function localImages(db: Db, urls: string[]): Promise<Map<string, LocalImage>> {
  const wanted = [...new Set(urls.filter(Boolean))];
  // A page showing these addresses changes when one of them is stored (or stored anew).
  noteReads(wanted.map(readKey.image));
  const found = new Map<string, LocalImage>();
  for (let i = 0; i < wanted.length; i += 500) {
    const slice = wanted.slice(i, i + 500);
    const result = await db.$client.execute({
      sql: `SELECT source_url, hash, width, height, color, widths FROM images
            WHERE hash IS NOT NULL AND source_url IN (${slice.map(() => "?").join(",")})`,
      args: slice,
    });
    for (const r of result.rows) {
      found.set(String(r.source_url), {
        hash: String(r.hash),
        width: Number(r.width),
        height: Number(r.height),
        color: String(r.color ?? ""),
        widths: JSON.parse(String(r.widths ?? "[]")) as number[],
      });
    }
  }
  return found;
}

/** Totals for the bench and the admin: images stored, failed, and bytes before and after. */
export async function imageTotals(db: Db) {
  const row = (
    await db.$client.execute(
      `SELECT count(hash) AS ready, count(*) - count(hash) AS missing,
         coalesce(sum(original_bytes), 0) AS original, coalesce(sum(stored_bytes), 0) AS stored FROM images`,
    )
  ).rows[0];
  return {
    ready: Number(row?.ready ?? 0),
    missing: Number(row?.missing ?? 0),
    originalBytes: Number(row?.original ?? 0),
    storedBytes: Number(row?.stored ?? 0),
  };
}
