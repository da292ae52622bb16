import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { openDatabase } from "../api/clients";
import { loadSettings } from "../config/settings";
import { localDatabasePath } from "../db/client";
import { backupTo } from "../db/queries/maintenance";
import { backUpMedia, mediaBeside } from "../media/backup";

/**
 * npm run db:backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while
 * the server runs and writes, and of its images (MEDIA_DIR) into `<file>.media/` beside it.
 * Restore it with npm run db:restore -- <file> (never by copying the file over the database: its
 * -wal would be replayed over the copy).
 */
const settings = loadSettings();
const file = localDatabasePath(settings.DATABASE_URL);
// A mistyped DATABASE_URL would otherwise create an empty database and back that up.
if (file !== null && !existsSync(file)) {
  console.error(`${file} (DATABASE_URL) does not exist: nothing to back up`);
  process.exit(2);
}
// By default beside the database: data/backups/ for the default data/app.db.
const folder = file ? join(dirname(file), "backups") : "data/backups";
const target = process.argv[2] ?? join(folder, `app-${new Date().toISOString().replace(/[:.]/g, "-")}.db`);
if (existsSync(target) || existsSync(mediaBeside(target))) {
  console.error(`${target} exists; choose another file`);
  process.exit(2);
}
mkdirSync(dirname(target), { recursive: true });
const db = await openDatabase(settings);
const tools = await backupTo(db, target);
console.log(`backup written to ${target} (${tools} tools)`);
db.$client.close();
const images = backUpMedia(settings.MEDIA_DIR, target);
console.log(`images (${settings.MEDIA_DIR}) copied to ${mediaBeside(target)}: ${images} files`);
