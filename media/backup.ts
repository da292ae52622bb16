import { cpSync, existsSync, readdirSync } from "node:fs";

/**
 * The site's own image copies (MEDIA_DIR) are the only copy of an uploaded logo or screenshot, so
 * a backup of the database carries them: `<backup>.media/` beside the backup file. Files there
 * are named by their content's hash and never change, so copying them while the server runs is
 * consistent, and a restore only adds what is missing.
 */
export const mediaBeside = (backupFile: string) => `${backupFile.replace(/\.db$/, "")}.media`;

const count = (dir: string) => (existsSync(dir) ? readdirSync(dir).length : 0);

/** Copies MEDIA_DIR beside the backup; returns how many files it holds (0 when there is none yet). */
export function backUpMedia(mediaDir: string, backupFile: string): number {
  if (!existsSync(mediaDir)) return 0;
  const target = mediaBeside(backupFile);
  cpSync(mediaDir, target, { recursive: true, errorOnExist: false, force: false });
  return count(target);
}

/**
 * Copies the backup's media into MEDIA_DIR, keeping every file already there. Returns how many
 * files the backup carried, or null when it carries none (a backup taken before they were kept).
 */
export function restoreMedia(backupFile: string, mediaDir: string): number | null {
  const source = mediaBeside(backupFile);
  if (!existsSync(source)) return null;
  cpSync(source, mediaDir, { recursive: true, errorOnExist: false, force: false });
  return count(source);
}
