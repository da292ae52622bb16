import { openDb } from "../../db/client";
import { SiteBuilder } from "../site-builder";

/**
 * A site builder in a process of its own, for tests that kill it with SIGKILL.
 * `build <reason>` runs a full build; `start` does what a restarted server does (prepare).
 * Prints "done" when finished. Reads DATABASE_URL and SITE_DIR.
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
if (command === "build") await builder.now(reason);
else await builder.prepare();
await builder.idle();
builder.close();
db.$client.close();
console.log("done");
