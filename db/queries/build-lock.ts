import { hostname } from "node:os";
import { and, eq, lt, or } from "drizzle-orm";
import type { Db } from "../client";
import { siteState } from "../schema";

/**
 * The site build lock: a lease in the database, so one process renders at a time across every
 * process and machine sharing it. The holder renews the lease while it works; a lease that was
 * not renewed for `ttlMs` is free, and so is one whose holder was a process on this machine that
 * no longer exists (a server killed mid-build frees its lock as soon as it restarts).
 */
const KEY = "build_lock";

/** A lock owner id: host, process id and a random part (several builders may share a process). */
export function lockOwnerId(): string {
  return `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2)}`;
}

const stamp = (ms: number) => new Date(ms).toISOString();

/** Takes the lock for `owner`; `onTakeover` hears of a lock taken from a process that is gone. */
export async function takeBuildLock(
  db: Db,
  owner: string,
  ttlMs: number,
  now = Date.now(),
  onTakeover?: (from: string) => void,
): Promise<boolean> {
  const taken = await db
    .insert(siteState)
    .values({ key: KEY, value: owner, updated_at: stamp(now) })
    .onConflictDoUpdate({
      target: siteState.key,
      set: { value: owner, updated_at: stamp(now) },
      setWhere: or(eq(siteState.value, ""), lt(siteState.updated_at, stamp(now - ttlMs))),
    })
    .returning({ key: siteState.key });
  if (taken.length > 0) return true;
  const holder = await db.select().from(siteState).where(eq(siteState.key, KEY)).get();
  if (!holder || !isDeadLocalProcess(holder.value)) return false;
  // Compare-and-swap: only one restarted process takes over the dead holder's lease.
  const swapped = await db
    .update(siteState)
    .set({ value: owner, updated_at: stamp(now) })
    .where(and(eq(siteState.key, KEY), eq(siteState.value, holder.value)))
    .returning({ key: siteState.key });
  if (swapped.length > 0) onTakeover?.(holder.value);
  return swapped.length > 0;
}

/** Extends the lease; false if it was lost (another process took it over). */
export async function renewBuildLock(db: Db, owner: string, now = Date.now()): Promise<boolean> {
  const renewed = await db
    .update(siteState)
    .set({ updated_at: stamp(now) })
    .where(and(eq(siteState.key, KEY), eq(siteState.value, owner)))
    .returning({ key: siteState.key });
  return renewed.length > 0;
}

export async function releaseBuildLock(db: Db, owner: string): Promise<void> {
  await db
    .update(siteState)
    .set({ value: "" })
    .where(and(eq(siteState.key, KEY), eq(siteState.value, owner)));
}

function isDeadLocalProcess(owner: string): boolean {
  const [host, pid] = owner.split(":");
  if (host !== hostname() || !pid || Number(pid) === process.pid) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    // EPERM: the process exists under another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
