import { openDatabase } from "../api/clients";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../config/settings";
import { seed } from "../db/seed";
import { demoPasswordFor } from "../lib/demo";
import { imageStore } from "../media/images";
import { SiteBuilder } from "../rebuild";
import { buildAdmin } from "./build-admin";

/** npm run build: the admin SPA, then the public site from the database (migrated and seeded first). */
const settings = loadSettings();
const db = await openDatabase(settings);
if (settings.SEED_DEMO)
  await seed(db, hashPassword, demoPasswordFor(settings.NODE_ENV), { images: imageStore(settings.MEDIA_DIR) });

console.log("building the admin...");
if (!buildAdmin()) process.exit(1);

console.log("building the public site...");
const builder = new SiteBuilder({
  db,
  siteDir: settings.SITE_DIR,
  databaseUrl: settings.DATABASE_URL,
  debounceMs: 0,
  env: {
    DATABASE_AUTH_TOKEN: settings.DATABASE_AUTH_TOKEN,
    PUBLIC_URL: settings.PUBLIC_URL,
    SOCIAL_CARDS: settings.SOCIAL_CARDS,
    FEATURE_DAYS: settings.FEATURE_DAYS,
    API_ANON_LIMIT: settings.API_ANON_LIMIT,
    API_KEY_LIMIT: settings.API_KEY_LIMIT,
    API_QUOTA_WINDOW_MS: settings.API_QUOTA_WINDOW_MS,
  },
  workers: settings.BUILD_WORKERS,
  mediaDir: settings.MEDIA_DIR,
});
const ok = await builder.now("npm run build");
builder.close();
db.$client.close();
process.exit(ok ? 0 : 1);
