import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

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
 * Writes .br and .gz siblings for every compressible file of a folder, for hosts that serve
 * precompressed files (npm run export). Our own server compresses each file once, in memory.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const variants = compressedVariants(path, readFileSync(path));
    if (!variants) continue;
    writeFileSync(`${path}.br`, variants.br);
    writeFileSync(`${path}.gz`, variants.gzip);
    count++;
  }
  return count;
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
