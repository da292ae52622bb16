import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(html|js|mjs|css|json|xml|svg|txt|webmanifest)$/;

/**
 * Writes .br and .gz siblings for every compressible file of a finished build, so the server
 * sends compressed bytes without compressing per request. Small files are left alone.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    const body = readFileSync(path);
    if (body.length < 1024) continue;
    writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }));
    writeFileSync(`${path}.gz`, gzipSync(body, { level: 6 }));
    count++;
  }
  return count;
}
