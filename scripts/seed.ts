import { openDatabase } from "../api/clients";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../api/settings";
import { seed } from "../db/seed";

const settings = loadSettings();
const db = await openDatabase(settings);
const demoPassword = settings.NODE_ENV === "production" ? null : "demo-password";
const result = await seed(db, hashPassword, demoPassword);
console.log(result.seeded ? "demo directory seeded" : "database already has content: nothing seeded");
for (const a of result.accounts) console.log(`  ${a.role}: ${a.email} / ${a.password}`);
