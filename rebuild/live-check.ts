import type { Db } from "../db/client";
import { contentVersion } from "../db/queries/builds";
import { hasBuild, readVersion, takeOffline } from "./output";

/**
 * What a server checks before it serves: whether the live build behind `link` was made from this
 * database and from its present content (the version file written with each build). A build of
 * another database (a new DATABASE_URL) would show another directory: it is taken offline, so the
 * site answers 503 until the rebuild is live. A build of an older or newer state of this database
 * (a restored backup, changes a stopped server never rendered) stays live while it is rebuilt.
 * Returns why the site must be rebuilt, or null when the live build is current (or absent).
 */
export async function checkLiveSite(db: Db, link: string, log: (message: string) => void): Promise<string | null> {
  if (!hasBuild(link)) return null;
  const live = readVersion(link);
  const now = await contentVersion(db);
  if (live?.database && live.database !== now.database) {
    log(
      `the live site was built from another database (${live.database}; this one is ${now.database}): ` +
        "taken offline and rebuilt before serving",
    );
    takeOffline(link);
    return "the live site came from another database";
  }
  if (!live?.database) {
    log("the live site does not record which database it was built from: rebuilding, serving it meanwhile");
    return "the live site did not record its database";
  }
  if (live.content !== now.content) {
    log("the database changed since the live site was built (a restored backup?): rebuilding, serving it meanwhile");
    return "the database changed since the live build";
  }
  return null;
}
