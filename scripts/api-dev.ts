import { serve } from "@hono/node-server";
import { createApp } from "../api/app";
import { openDatabase } from "../api/clients";
import { hashPassword } from "../api/passwords";
import { loadSettings } from "../config/settings";
import { seed } from "../db/seed";
import { demoPasswordFor } from "../lib/demo";
import { imageStore } from "../media/images";

/** The API alone, for development (the site comes from Astro's dev server). */
const settings = loadSettings();
const db = await openDatabase(settings);
await seed(db, hashPassword, demoPasswordFor(settings.NODE_ENV), { images: imageStore(settings.MEDIA_DIR) });
const app = createApp({
  db,
  settings,
  stripe: null,
  onContentChange: (reason) => console.log(`content changed: ${reason}`),
});
serve({ fetch: app.fetch, port: settings.PORT, hostname: settings.HOST }, (info) =>
  console.log(`API on :${info.port}`),
);
