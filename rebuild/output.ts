/**
 * The site on disk: `<siteDir>/builds/<time>-<id>/` folders, the `current` link naming the live
 * one, the version file inside it, and compressed siblings. The render worker loads this module
 * in plain Node (types stripped), so it holds only erasable TypeScript and type-only imports.
 */
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { ContentVersion } from "../db/queries/builds";

/** The link to the live build inside a site folder. */
export function liveLink(siteDir: string): string {
  return join(siteDir, "current");
}

/** Whether the live link leads to a build (its home page exists). */
export function hasBuild(link: string): boolean {
  return existsSync(join(link, "index.html"));
}

/** A fresh folder for full build `buildId` started at `started` (its parent is created). */
export function newBuildDir(siteDir: string, started: number, buildId: number): string {
  const buildsDir = resolve(siteDir, "builds");
  mkdirSync(buildsDir, { recursive: true });
  return join(buildsDir, `${started}-${buildId}`);
}

/** A throwaway folder for a warm-up build; its dot name keeps it out of pruning. */
export function warmUpDir(siteDir: string): string {
  return resolve(siteDir, "builds", `.warm-${Date.now()}`);
}

/** Points `link` at `target` atomically: a new link is made beside it and renamed over it. */
export function swapLink(link: string, target: string): void {
  const temp = `${link}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  symlinkSync(target, temp, "dir");
  renameSync(temp, link);
}

/** The folder worker `index` of a split full build into `outDir` writes its part to (see mergePart). */
export function partDir(outDir: string, index: number): string {
  return join(dirname(outDir), `${PART_PREFIX}${basename(outDir)}-${index}`);
}
const PART_PREFIX = ".part-";

/**
 * Keeps the live build and the one before it (a request may still be reading it), and removes
 * the parts a split build killed mid-way left behind. Runs under the build lease, after the
 * build's own parts are merged.
 */
export function pruneBuilds(live: string): void {
  const buildsDir = resolve(live, "..");
  let previous: string | null = null;
  const all = readdirSync(buildsDir);
  const entries = all.filter((name) => !name.startsWith(".")).sort();
  const keep = new Set([basename(live)]);
  for (const name of entries) if (name !== basename(live)) previous = name;
  if (previous) keep.add(previous);
  for (const name of entries) {
    if (!keep.has(name)) rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
  for (const name of all) {
    if (name.startsWith(PART_PREFIX)) rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}

/** The build folders beside `live` that pruning keeps (the live one and the one before it). */
export function keptBuilds(live: string): string[] {
  const buildsDir = resolve(live, "..");
  return listDir(buildsDir)
    .filter((name) => !name.startsWith("."))
    .map((name) => join(buildsDir, name));
}

/**
 * Moves a split build's part into the build folder `outDir`: an entry `outDir` lacks moves by one
 * rename (a whole page folder at once; a hard link stays one), a folder both hold is merged
 * entry by entry, and a file `outDir` holds already (a fixed page every worker renders, an
 * asset: the same bytes from the same code and snapshot) keeps the first worker's copy. Returns
 * how many pages (.html) were left behind as such copies.
 */
export function mergePart(part: string, outDir: string): number {
  let copies = 0;
  const merge = (from: string, to: string) => {
    for (const entry of readdirSync(from, { withFileTypes: true })) {
      const source = join(from, entry.name);
      const target = join(to, entry.name);
      const there = lstatSync(target, { throwIfNoEntry: false });
      if (!there) renameSync(source, target);
      else if (entry.isDirectory() && there.isDirectory()) merge(source, target);
      else if (entry.name.endsWith(".html")) copies++;
    }
  };
  mkdirSync(outDir, { recursive: true });
  merge(part, outDir);
  return copies;
}

/**
 * Every file under `root` (paths), one folder at a time: a 100k-page build holds 300k entries,
 * which a recursive listing holds in memory at once. Each folder is listed whole before its
 * files are handed out, so a caller may replace them (by a rename) on the way.
 */
function* filesUnder(root: string): Generator<string> {
  const folders = [root];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else if (entry.isFile()) yield path;
    }
  }
}

/**
 * Replaces every file of the new build `dir` whose bytes equal the same file's in the build
 * `previous` by a hard link to that file, with its .br and .gz siblings when it has them (the
 * same bytes compress the same): unchanged pages take no more disk in the new build. Safe because
 * nothing writes into a build's files in place: an incremental pass replaces a file by a rename,
 * which gives the path a new inode and leaves the other build's untouched. Returns how many
 * files were linked.
 */
export function linkUnchanged(dir: string, previous: string): number {
  let linked = 0;
  for (const path of filesUnder(dir)) {
    if (isBuildStateFile(basename(path))) continue;
    const old = join(previous, relative(dir, path));
    if (!sameBytes(path, old)) continue;
    const temp = `${path}.${process.pid}.link`;
    rmSync(temp, { force: true });
    linkSync(old, temp);
    renameSync(temp, path);
    for (const suffix of [".br", ".gz"]) {
      if (existsSync(`${old}${suffix}`) && !existsSync(`${path}${suffix}`))
        linkSync(`${old}${suffix}`, `${path}${suffix}`);
    }
    linked++;
  }
  return linked;
}

/** Whether `old` is a file with exactly the bytes of `path`. */
function sameBytes(path: string, old: string): boolean {
  let size: number;
  try {
    const stats = lstatSync(old);
    if (!stats.isFile()) return false;
    size = stats.size;
  } catch {
    return false;
  }
  if (size !== statSync(path).size) return false;
  return readFileSync(path).equals(readFileSync(old));
}

/** Stops serving the live build: the `current` link goes (the build's folder stays until pruned). */
export function takeOffline(link: string): void {
  if (lstatSync(link).isSymbolicLink()) unlinkSync(link);
  else renameSync(link, `${link}.offline-${Date.now()}`);
}

/** The file names inside a build folder, or none when it does not exist. */
export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Rewritten (by a rename) after each incremental pass replaces pages inside the live build:
 * every server process sees the new file and drops its in-memory copies. It also records which
 * database and content version the build shows. Never served, never exported.
 */
export const SITE_VERSION_FILE = ".site-version";

/**
 * What the pages of a build show of alternatives and comparisons (db/queries/discovery.ts),
 * kept beside it so a renderer started later knows what an incremental pass changes. Never
 * served, never exported.
 */
export const DISCOVERY_FILE = ".site-discovery.json";

/**
 * Whether a file name is one of the server's own files beside the pages (the version file, the
 * discovery file, their temporaries) rather than a page or asset.
 */
export function isBuildStateFile(name: string): boolean {
  return name.startsWith(".site-");
}

/**
 * Writes a build's version file (replaced by a rename): the database and content version it
 * shows, and when it was written.
 */
export function writeVersion(dir: string, version: ContentVersion): void {
  const file = join(dir, SITE_VERSION_FILE);
  const body = { database: version.database, content: version.content, written_at: new Date().toISOString() };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(body)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** A build's version file, or null when it has none (or one from before it recorded versions). */
export function readVersion(dir: string): ContentVersion | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, SITE_VERSION_FILE), "utf8")) as Partial<ContentVersion>;
    return { database: String(parsed.database ?? ""), content: String(parsed.content ?? "") };
  } catch {
    return null;
  }
}

/** Writes the discovery file of the build at `dir` (replaced by a rename). */
export function writeDiscovery(dir: string, discovery: unknown): void {
  replaceFile(join(dir, DISCOVERY_FILE), Buffer.from(JSON.stringify(discovery)));
}

/** What the build's sitemap files were made from, by path (see OutputInputs in rebuild/scope.ts). */
const INPUTS_FILE = ".site-inputs.json";

export function writeInputs(dir: string, inputs: Map<string, string>): void {
  replaceFile(join(dir, INPUTS_FILE), Buffer.from(JSON.stringify(Object.fromEntries(inputs))));
}

/** The inputs file of the build at `dir` (empty without one: every such file renders once). */
export function readInputs(dir: string): Map<string, string> {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, INPUTS_FILE), "utf8")) as Record<string, unknown>;
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return new Map();
  }
}

/** The parsed discovery file of the build at `dir`, or null when it has none. */
export function readDiscovery(dir: string): unknown {
  try {
    return JSON.parse(readFileSync(join(dir, DISCOVERY_FILE), "utf8"));
  } catch {
    return null;
  }
}

/**
 * A token that changes whenever the version file of the build at `dir` is rewritten (inode and
 * mtime, one stat call): how a server notices an update in place. Empty when there is none.
 */
export function versionStamp(dir: string): string {
  try {
    const stats = statSync(join(dir, SITE_VERSION_FILE));
    return `${stats.ino}-${stats.mtimeMs}`;
  } catch {
    return "";
  }
}

const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|svg|txt|webmanifest)$/;
/** Below this, compression saves less than the header costs. */
const MIN_BYTES = 1024;

/** The brotli and gzip bodies of a text file, or null when it is not worth compressing. */
export function compressedVariants(path: string, body: Buffer): { br: Buffer; gzip: Buffer } | null {
  if (!COMPRESSIBLE.test(path) || body.length < MIN_BYTES) return null;
  return {
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(body, { level: 6 }),
  };
}

/**
 * Replaces one file of a live site by a rename, so a reader gets the old bytes or the new ones,
 * never a partial file. Compressed siblings from an exported copy would be stale: they go first.
 */
export function replaceFile(path: string, body: Buffer): void {
  rmSync(`${path}.br`, { force: true });
  rmSync(`${path}.gz`, { force: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, body);
  renameSync(temp, path);
}
