import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { openDatabase } from "../api/clients";
import { loadSettings } from "../config/settings";
import { backupTo } from "../db/queries/maintenance";

/**
 * npm run db:backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while
 * the server runs and writes. Restore it with npm run db:restore -- <file> (never by copying the
 * file over the database: its -wal would be replayed over the copy).
 */
const settings = loadSettings();
const target = process.argv[2] ?? `data/backups/app-${new Date().toISOString().replace(/[:.]/g, "-")}.db`;
if (existsSync(target)) {
  console.error(`${target} exists; choose another file`);
  process.exit(2);
}
mkdirSync(dirname(target), { recursive: true });
const db = await openDatabase(settings);
const tools = await backupTo(db, target);
console.log(`backup written to ${target} (${tools} tools)`);
db.$client.close();
