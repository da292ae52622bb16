import type { Db } from "../db/client";
import { lockOwnerId, releaseBuildLock, renewBuildLock, takeBuildLock } from "../db/queries/build-lock";

/** A build lock not renewed for this long is free (its holder died on another machine). */
const LOCK_TTL_MS = 60_000;
const LOCK_RENEW_MS = LOCK_TTL_MS / 4;

/**
 * This builder's hold on the site build lock (a lease row in the database, see
 * db/queries/build-lock.ts): one process renders at a time across every process and machine
 * sharing the database.
 */
export class BuildLease {
  private readonly owner = lockOwnerId();

  constructor(
    private readonly db: Db,
    private readonly log: (message: string) => void,
  ) {}

  /** Takes the lease; false while another live holder has it. */
  take(): Promise<boolean> {
    return takeBuildLock(this.db, this.owner, LOCK_TTL_MS, Date.now(), (from) =>
      this.log(`build lock taken over from ${from}, which no longer runs`),
    );
  }

  /** Gives the lease up (a no-op when this builder does not hold it). */
  release(): Promise<void> {
    return releaseBuildLock(this.db, this.owner);
  }

  /**
   * Runs `work` holding the lease, renewed while it runs and released after; resolves null
   * without running it when another process holds the lease.
   */
  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (!(await this.take())) return null;
    // A build of a large directory outlasts the lease: keep it renewed while the work runs.
    const renew = setInterval(() => void renewBuildLock(this.db, this.owner).catch(() => {}), LOCK_RENEW_MS);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await this.release();
    }
  }
}
