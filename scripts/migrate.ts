import { openDatabase } from "../api/clients";
import { loadSettings } from "../config/settings";

const settings = loadSettings();
await openDatabase(settings);
console.log(`database migrated: ${settings.DATABASE_URL}`);
