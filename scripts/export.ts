import { resolve } from "node:path";
import { loadSettings } from "../config/settings";
import { exportSite } from "../rebuild";

/**
 * npm run export [-- <folder>]: brings a self-contained copy of the live static site, with .br
 * and .gz siblings, in step for any CDN or object store (point /api and /admin at the Node
 * servers). Only changed files are written; see rebuild/export.ts.
 */
const settings = loadSettings();
const target = resolve(process.argv[2] ?? "dist/site");
const result = await exportSite(settings.SITE_DIR, target, resolve(settings.MEDIA_DIR));
if (result === null) {
  console.error("no site has been built yet: run npm start or npm run build first");
  process.exit(1);
}
console.log(
  `static site exported to ${target}: ${result.copied.length} files written, ${result.removed.length} removed, ${result.unchanged} unchanged`,
);
if (result.missing.length)
  console.warn(
    `${result.missing.length} cards or media files the pages name are in neither store: ${result.missing.slice(0, 5).join(", ")}`,
  );
