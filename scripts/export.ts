import { resolve } from "node:path";
import { loadSettings } from "../api/settings";
import { exportSite } from "../rebuild";

/**
 * npm run export [-- <folder>]: copies the live static site into a self-contained folder for any
 * CDN or object store (point /api and /admin at the Node servers).
 */
const settings = loadSettings();
const target = resolve(process.argv[2] ?? "dist/site");
const compressed = exportSite(settings.SITE_DIR, target);
if (compressed === null) {
  console.error("no site has been built yet: run npm start or npm run build first");
  process.exit(1);
}
console.log(`static site exported to ${target} (${compressed} files with .br and .gz siblings)`);
