/**
 * Removes the stored image files (MEDIA_DIR) that no image row names any more: a logo replaced, a
 * tool or an upload gone, a URL whose picture changed. Without this every picture ever fetched or
 * uploaded would stay on disk. A file goes only once it has also gone untouched for the grace:
 * a file is touched when it is stored, stored again, or let go by its row, so the previous build
 * (kept to go back to) and a page not yet re-rendered still find it meanwhile.
 */
import { opendir, stat, unlink, utimes } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../db/client";
import { hashesInUse, type StoredFiles } from "../db/queries/images";
import { MEDIA_FILE, mediaFile } from "../lib/media";

export const MEDIA_GRACE_MS = 7 * 24 * 3_600_000;
/** Hashes looked up at once: a directory of any size is swept in bounded memory. */
const BATCH = 500;

/** Restarts the grace of these copies' files (a file already gone is skipped). */
export async function touchMedia(mediaDir: string, copies: StoredFiles[], now = Date.now()): Promise<void> {
  const at = new Date(now);
  for (const copy of copies)
    for (const width of copy.widths) await utimes(join(mediaDir, mediaFile(copy.hash, width)), at, at).catch(gone);
}

export type SweepResult = { removed: number; bytes: number };

/** One sweep of `mediaDir`: removes each file no row names that is older than `graceMs`. */
export async function sweepMedia(
  db: Db,
  mediaDir: string,
  now: number,
  graceMs = MEDIA_GRACE_MS,
): Promise<SweepResult> {
  const result: SweepResult = { removed: 0, bytes: 0 };
  const dir = await opendir(mediaDir).catch(gone);
  if (!dir) return result;
  const batch = new Map<string, string[]>();
  const removeOld = async (name: string) => {
    const path = join(mediaDir, name);
    const info = await stat(path).catch(gone);
    if (!info || now - info.mtimeMs < graceMs) return;
    await unlink(path).catch(gone);
    result.removed++;
    result.bytes += info.size;
  };
  const flush = async () => {
    const used = await hashesInUse(db, [...batch.keys()]);
    for (const [hash, names] of batch) if (!used.has(hash)) for (const name of names) await removeOld(name);
    batch.clear();
  };
  for await (const entry of dir) {
    if (!entry.isFile()) continue;
    const hash = MEDIA_FILE.exec(entry.name)?.[1];
    // A file being written is renamed into place within a second; one older is a crash's leftover.
    if (!hash) {
      if (/\.\d+\.tmp$/.test(entry.name)) await removeOld(entry.name);
      continue;
    }
    batch.set(hash, [...(batch.get(hash) ?? []), entry.name]);
    if (batch.size >= BATCH) await flush();
  }
  await flush();
  return result;
}

/** Swallows "no such file" (another sweep or a concurrent removal got there first). */
function gone(error: NodeJS.ErrnoException): undefined {
  if (error.code === "ENOENT") return undefined;
  throw error;
}
