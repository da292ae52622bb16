import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { DEFAULT_MEDIA_DIR } from "../config/settings";
import { cardsDir, drawPending } from "./card-store";
import { compressedVariants, isBuildStateFile, liveLink } from "./output";

/**
 * The manifest an export keeps in its folder: every exported file with the sha256 of its bytes
 * and, to skip reading it the next time, the stamp (device, inode, mtime) of the build file it
 * came from. Unchanged files of consecutive builds are hard links to one inode (see
 * linkUnchanged), so their stamps match and only new or rewritten files are read.
 */
export const EXPORT_MANIFEST = ".export-manifest.json";
/** `refs`: the social cards and media files a page names (cards/…, media/…), kept so an unchanged page is not read again. */
type ManifestEntry = { sha256: string; size: number; stamp: string; refs?: string[] };
type Manifest = { version: 1; files: Record<string, ManifestEntry> };

/**
 * What one export did: paths (relative to the folder) copied and removed, how many stayed, and
 * the cards or media files pages name that neither store holds (left out).
 */
export type ExportResult = { copied: string[]; removed: string[]; unchanged: number; missing: string[] };

/** A card (rebuild/card-store.ts) or media file (lib/media.ts) named in a page, absolute or not. */
const REFERENCE = /\/(cards\/[0-9a-f]{32}\.png|media\/[0-9a-f]{32}-\d{1,4}\.webp)/g;

/**
 * Brings `target` in step with the live build of `siteDir`, as a self-contained site for a CDN or
 * object store with .br and .gz siblings: only files whose bytes changed since the last export
 * into it are written (and compressed), files the site no longer has are deleted with their
 * siblings, and the manifest is replaced last. The social cards and media files the pages name
 * come along under cards/ and media/ (a card still pending is drawn first, as the /cards route
 * would), so no og:image or logo of the export is broken. A folder without a manifest is exported
 * afresh. Returns null when no site has been built.
 */
export async function exportSite(
  siteDir: string,
  target: string,
  mediaDir = resolve(DEFAULT_MEDIA_DIR),
): Promise<ExportResult | null> {
  const live = liveLink(resolve(siteDir));
  if (!existsSync(live)) return null;
  const source = realpathSync(live);
  const previous = readManifest(target);
  if (!previous) rmSync(target, { recursive: true, force: true });
  const before = previous?.files ?? {};
  const next: Manifest = { version: 1, files: {} };
  const result: ExportResult = { copied: [], removed: [], unchanged: 0, missing: [] };
  const named = new Set<string>();

  /** Exports the file `from` as `path` unless the export holds its bytes already. */
  const exportFile = (from: string, path: string) => {
    const stats = statSync(from);
    const stamp = `${stats.dev}-${stats.ino}-${stats.mtimeMs}`;
    const known = before[path];
    let body: Buffer | null = null;
    let sha256 = known?.stamp === stamp ? known.sha256 : "";
    let refs = known?.stamp === stamp ? known.refs : undefined;
    if (!sha256 || (path.endsWith(".html") && !refs)) {
      body = readFileSync(from);
      sha256 = createHash("sha256").update(body).digest("hex");
      if (path.endsWith(".html"))
        refs = [...new Set([...body.toString("utf8").matchAll(REFERENCE)].map((m) => m[1] ?? ""))];
    }
    for (const ref of refs ?? []) named.add(ref);
    next.files[path] = { sha256, size: stats.size, stamp, ...(refs?.length ? { refs } : {}) };
    const to = join(target, path);
    if (known?.sha256 === sha256 && existsSync(to)) {
      result.unchanged++;
      return;
    }
    writeExported(to, body ?? readFileSync(from));
    result.copied.push(path);
  };

  for (const entry of readdirSync(source, { withFileTypes: true, recursive: true })) {
    // The version file says which database the build came from: the server's business, not a CDN's.
    if (!entry.isFile() || isBuildStateFile(entry.name) || /\.(br|gz)$/.test(entry.name)) continue;
    const from = join(entry.parentPath, entry.name);
    exportFile(from, relative(source, from));
  }
  const store = cardsDir(siteDir);
  for (const ref of [...named].sort()) {
    const [folder, name = ""] = ref.split("/");
    const from = folder === "cards" ? join(store, name) : join(mediaDir, name);
    if (!existsSync(from) && folder === "cards") await drawPending(store, mediaDir, name.slice(0, -".png".length));
    if (existsSync(from)) exportFile(from, ref);
    else result.missing.push(ref);
  }
  for (const path of Object.keys(before)) {
    if (next.files[path]) continue;
    for (const suffix of ["", ".br", ".gz"]) rmSync(join(target, `${path}${suffix}`), { force: true });
    result.removed.push(path);
  }
  mkdirSync(target, { recursive: true });
  const file = join(target, EXPORT_MANIFEST);
  writeFileSync(`${file}.tmp`, JSON.stringify(next));
  renameSync(`${file}.tmp`, file);
  return result;
}

/**
 * Writes one exported file and its precompressed siblings (many CDNs and object stores serve one
 * when the client accepts it), each by a rename; a file too small to compress loses stale ones.
 */
function writeExported(path: string, body: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const variants = compressedVariants(path, body);
  for (const [suffix, bytes] of [
    [".br", variants?.br],
    [".gz", variants?.gzip],
    ["", body],
  ] as const) {
    if (!bytes) {
      rmSync(`${path}${suffix}`, { force: true });
      continue;
    }
    writeFileSync(`${path}${suffix}.tmp`, bytes);
    renameSync(`${path}${suffix}.tmp`, `${path}${suffix}`);
  }
}

function readManifest(target: string): Manifest | null {
  try {
    const parsed = JSON.parse(readFileSync(join(target, EXPORT_MANIFEST), "utf8")) as Manifest;
    return parsed.version === 1 && parsed.files ? parsed : null;
  } catch {
    return null;
  }
}
