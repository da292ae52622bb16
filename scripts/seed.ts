import { openDatabase } from "../api/clients";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../config/settings";
import { seed } from "../db/seed";
import { demoPasswordFor } from "../lib/demo";
import { imageStore } from "../media/images";

const settings = loadSettings();
const db = await openDatabase(settings);
// Demo sign-ins are never created in production.
const result = await seed(db, hashPassword, demoPasswordFor(settings.NODE_ENV), {
  images: imageStore(settings.MEDIA_DIR),
});
console.log(result.seeded ? "demo directory seeded" : "database already has content: nothing seeded");
for (const a of result.accounts) console.log(`  ${a.role}: ${a.email} / ${a.password}`);
