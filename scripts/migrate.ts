import { openDatabase } from "../api/runtime";
import { loadSettings } from "../api/settings";

const settings = loadSettings();
await openDatabase(settings);
console.log(`database migrated: ${settings.DATABASE_URL}`);
