import { cpSync, existsSync, realpathSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { precompress } from "../api/precompress";
import { loadSettings } from "../api/settings";
import { SITE_VERSION_FILE } from "../api/static";

/**
 * npm run export [-- <folder>]: copies the live static site into a self-contained folder for any
 * CDN or object store (point /api and /admin at the Node servers).
 */
const settings = loadSettings();
const live = join(resolve(settings.SITE_DIR), "current");
if (!existsSync(live)) {
  console.error("no site has been built yet: run npm start or npm run build first");
  process.exit(1);
}
const target = resolve(process.argv[2] ?? "dist/site");
rmSync(target, { recursive: true, force: true });
// The version file says which database the build came from: the server's business, not a CDN's.
cpSync(realpathSync(live), target, {
  recursive: true,
  dereference: true,
  filter: (source) => !basename(source).startsWith(SITE_VERSION_FILE),
});
// Many CDNs and object stores serve a precompressed sibling when the client accepts it.
const compressed = precompress(target);
console.log(`static site exported to ${target} (${compressed} files with .br and .gz siblings)`);
