/**
 * Turns image bytes someone gave us (a fetched URL or an uploaded file) into the site's own
 * copies: the type is read from the bytes (never from a name, a header or the client), SVG is
 * rendered to pixels (no script, style or reference in it survives), and the picture is stored as
 * WebP at the widths pages use, named by the original's content hash.
 */
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { IMAGE_TOO_LARGE } from "../lib/image-file";
import { MAX_IMAGE_BYTES } from "../lib/limits";
import { type ImageType, MAX_STORED_PIXELS, mediaFile, type StoredImage, widthsFor } from "../lib/media";

/** Decoded pixels at most: a small file that unpacks to a huge bitmap is refused. */
const MAX_PIXELS = 40_000_000;
/** An SVG is drawn at least this wide (an icon's 24 px viewBox would be a blur otherwise). */
const SVG_MIN_WIDTH = 256;

/** Why an image was refused: 413 too large, 415 not an image we take, 422 one we cannot read. */
export class ImageRefused extends Error {
  constructor(
    readonly status: 413 | 415 | 422,
    message: string,
  ) {
    super(message);
  }
}

/** The image type the bytes are, by their magic numbers (SVG: XML whose root is <svg>), or null. */
export function sniffImage(bytes: Buffer): ImageType | null {
  const ascii = (start: number, end: number) => bytes.subarray(start, end).toString("latin1");
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return "png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (/^GIF8[79]a$/.test(ascii(0, 6))) return "gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // Text: a BOM, an XML declaration, comments and a doctype may come before the root element.
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const rest = head.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)\s*)*/i, "");
  if (/^<svg[\s>]/i.test(rest)) return "svg";
  return null;
}

/** The dominant colour as #rrggbb. */
const hex = (c: { r: number; g: number; b: number }) =>
  `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * Stores `bytes` under `mediaDir` as WebP at each width and returns what pages need. Files are
 * written under a temporary name and renamed, so a reader never sees half a file; an image
 * stored before (same hash) is not written again, only touched.
 */
export async function storeImage(bytes: Buffer, mediaDir: string): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefused(413, IMAGE_TOO_LARGE);
  const type = sniffImage(bytes);
  if (!type) throw new ImageRefused(415, "Only PNG, JPEG, WebP, GIF and SVG images are accepted");
  const options: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: "error" };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch {
    throw new ImageRefused(422, "The image could not be read");
  }
  // The decoder must agree with the magic numbers (a PNG signature in front of something else).
  if (meta.format !== type || !meta.width || !meta.height) throw new ImageRefused(422, "The image could not be read");
  if (type === "svg") {
    // Drawn to pixels by librsvg from a buffer (no base to load anything from): scripts and
    // event handlers never run, and the stored copy is a bitmap. Never drawn larger than the
    // largest copy kept: filters cost time by the pixel.
    const scale = Math.min(16, Math.max(1, Math.ceil(SVG_MIN_WIDTH / meta.width)));
    const fits = Math.sqrt(MAX_STORED_PIXELS / (meta.width * scale * meta.height * scale));
    options.density = 72 * scale * Math.min(1, fits);
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  try {
    // Decoded once to raw pixels; EXIF rotation may swap the sides: the size is the picture's as shown.
    const { data, info } = await sharp(bytes, options).rotate().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const pixels = () => sharp(data, { raw: { width, height, channels: info.channels } });
    const { dominant } = await pixels().stats();
    const widths = widthsFor(width, height);
    mkdirSync(mediaDir, { recursive: true });
    let storedBytes = 0;
    for (const w of widths) {
      const file = join(mediaDir, mediaFile(hash, w));
      let size = fileSize(file);
      if (size === null) {
        const out = await pixels().resize({ width: w }).webp({ quality: 80, effort: 2 }).toBuffer();
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, out);
        renameSync(temporary, file);
        size = out.length;
      } else {
        // Stored again: the media sweep's grace (jobs/media-sweep.ts) starts afresh.
        const now = new Date();
        utimesSync(file, now, now);
      }
      // The largest copy is what a visitor downloads instead of the original.
      storedBytes = size;
    }
    return { hash, width, height, color: hex(dominant), widths, originalBytes: bytes.length, storedBytes, type };
  } catch (error) {
    // The disk's errors are ours, not the image's.
    if (error instanceof ImageRefused || (error as NodeJS.ErrnoException).code?.startsWith("E")) throw error;
    if (/pixel limit/i.test(String(error))) throw new ImageRefused(422, "The image has too many pixels");
    throw new ImageRefused(422, "The image could not be read");
  }
}

/** Stores images under `mediaDir`: what the seed is given to store the demo's pictures with. */
export const imageStore = (mediaDir: string) => (bytes: Buffer) => storeImage(bytes, mediaDir);

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}
