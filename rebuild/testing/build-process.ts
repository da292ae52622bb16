import { openDb } from "../../db/client";
import { SiteBuilder } from "../scheduler";

/**
 * A site builder in a process of its own, for tests that kill it with SIGKILL.
 * `build <reason>` runs a full build; `start` does what a restarted server does (checkLive, then
 * prepare). Prints "done" when finished, and exits 1 if a build it ran did not go live. Reads
 * DATABASE_URL and SITE_DIR.
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
const live = command === "build" ? await builder.now(reason) : true;
if (command !== "build") await builder.prepare(await builder.checkLive());
await builder.idle();
builder.close();
db.$client.close();
console.log("done");
process.exit(live ? 0 : 1);
