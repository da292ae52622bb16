/**
 * The background card drain (forked by rebuild/card-drain.ts): draws every pending card of the
 * store and reports how many. It runs at the lowest CPU priority, so visitors' requests and
 * render passes go first. Node runs this file as it is (types stripped): relative imports name
 * their `.ts`.
 */
import { lowestPriority } from "../media/lowest-priority.ts";

/** Cards drawn at once: enough to keep one core busy between the libvips and JavaScript steps. */
const CONCURRENCY = 2;

lowestPriority();
// The server going away takes the drain with it; its entries stay for the next one.
process.on("disconnect", () => process.exit(0));
const { drainPending } = await import("./card-store.ts");
const { renderSettings } = await import("../config/settings.ts");
const { CARDS_DIR, MEDIA_DIR } = renderSettings();
const result = await drainPending(CARDS_DIR, MEDIA_DIR, CONCURRENCY);
process.send?.({ type: "drained", ...result }, () => process.exit(0));
