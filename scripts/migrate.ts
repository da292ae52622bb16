import { loadSettings } from "../api/settings";
import { openDatabase } from "../api/runtime";

const settings = loadSettings();
await openDatabase(settings);
console.log(`database migrated: ${settings.DATABASE_URL}`);
