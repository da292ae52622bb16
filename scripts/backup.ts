import { existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { openDatabase } from "../api/clients";
import { loadSettings } from "../api/settings";

/**
 * npm run db:backup [-- <file>]: a consistent copy of the live database (VACUUM INTO), safe while
 * the server runs and writes. Restore by stopping the server and replacing the database file.
 */
const settings = loadSettings();
const target = process.argv[2] ?? `data/backups/app-${new Date().toISOString().replace(/[:.]/g, "-")}.db`;
if (existsSync(target)) {
  console.error(`${target} exists; choose another file`);
  process.exit(2);
}
mkdirSync(dirname(target), { recursive: true });
const db = await openDatabase(settings);
await db.$client.execute({ sql: "VACUUM INTO ?", args: [target] });
const check = await db.$client.execute(`SELECT count(*) AS n FROM tools`);
console.log(`backup written to ${target} (${check.rows[0]?.n} tools)`);
db.$client.close();
