import { openDb } from "../../db/client";
import { listBuilds } from "../../db/queries/builds";
import { SiteBuilder } from "../scheduler";

/**
 * A site builder in a process of its own, for tests that kill it with SIGKILL.
 * `build <reason>` runs a full build (once the build lease is free, when another process holds
 * it); `start` does what a restarted server does (checkLive, then prepare). Prints "done" when
 * finished, and exits 1 if a build it ran did not go live. Reads DATABASE_URL and SITE_DIR.
 */
const [command, reason = "test"] = process.argv.slice(2);
const url = process.env.DATABASE_URL ?? "";
const db = await openDb({ url });
const builder = new SiteBuilder({
  db,
  siteDir: process.env.SITE_DIR ?? "",
  databaseUrl: url,
  debounceMs: 10,
  log: (message) => console.log(message),
});
let live = command === "build" ? await builder.now(reason) : true;
if (!live) {
  // Deferred while another process held the lease: the builder retries until its build ran (its
  // retry timer does not hold the process open by itself).
  const open = setInterval(() => {}, 1000);
  await builder.settled();
  clearInterval(open);
  live = (await listBuilds(db, 20)).some((b) => b.reason === reason && b.outcome === "ok");
}
if (command !== "build") await builder.prepare(await builder.checkLive());
await builder.idle();
builder.close();
db.$client.close();
console.log("done");
process.exit(live ? 0 : 1);
