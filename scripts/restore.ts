import { loadSettings } from "../config/settings";
import { localDatabasePath } from "../db/client";
import { RestoreRefused, restoreDatabase } from "../db/restore";
import { mediaBeside, restoreMedia } from "../media/backup";

/**
 * npm run db:restore -- <backup>: puts a backup (npm run db:backup) in place of the database file
 * of DATABASE_URL, with the server stopped (refused while one holds the file); the replaced file
 * is kept beside it. The backup's images (`<backup>.media/`) are added to MEDIA_DIR. Each step is
 * printed.
 */
const settings = loadSettings();
const backup = process.argv[2];
if (!backup) {
  console.error("usage: npm run db:restore -- <backup file>");
  process.exit(2);
}
const path = localDatabasePath(settings.DATABASE_URL);
if (path === null || settings.DATABASE_SYNC_URL) {
  console.error("db:restore replaces a local database file; restore a remote libSQL database with its own tools");
  process.exit(2);
}
try {
  const tools = await restoreDatabase(path, backup, (line) => console.log(line));
  const images = restoreMedia(backup, settings.MEDIA_DIR);
  console.log(
    images === null
      ? `no ${mediaBeside(backup)} beside the backup: the images in ${settings.MEDIA_DIR} are kept as they are`
      : `images from ${mediaBeside(backup)} copied into ${settings.MEDIA_DIR} (${images} files; those already there kept)`,
  );
  console.log(`done: ${path} holds the backup (${tools} tools); start the server`);
} catch (error) {
  if (!(error instanceof RestoreRefused)) throw error;
  console.error(`not restored: ${error.message}`);
  process.exit(error.exitCode);
}
