/**
 * The conversion itself: SVG checked, bytes decoded, WebP copies written. It runs in a child
 * process of the pool (media/convert-worker.ts), never on the server's own threads; Node runs it
 * as it is (types stripped): relative imports name their `.ts`.
 */
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import sharp, { type Metadata, type SharpOptions } from "sharp";
import { type ImageType, MAX_STORED_PIXELS, mediaFile, type StoredImage, widthsFor } from "../lib/media.ts";

/**
 * Decoded pixels at most (a 5000 x 5000 photo): a small file that unpacks to a huge bitmap is
 * refused before it is decoded, and one conversion's memory stays within the pool's cap.
 */
const MAX_PIXELS = 25_000_000;
/** An SVG is drawn at least this wide (an icon's 24 px viewBox would be a blur otherwise). */
const SVG_MIN_WIDTH = 256;

/** Why an image was refused: 413 too large, 415 not an image we take, 422 one we cannot read. */
export class ImageRefused extends Error {
  readonly status: 413 | 415 | 422;
  constructor(status: 413 | 415 | 422, message: string) {
    super(message);
    this.status = status;
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

const SVG_FILTERS = "SVG filters are not accepted: send the picture without them, or as PNG";
const SVG_EMBEDS = "SVG images that embed other images or HTML are not accepted";
const SVG_OUTSIDE = "SVG images that refer to anything outside themselves are not accepted";
const SVG_ENTITIES = "SVG images that declare entities are not accepted";

/** Every url(...) in a value points inside the document (#id). */
const urlsInside = (value: string) =>
  [...value.matchAll(/url\(\s*(['"]?)\s*([^'")\s]*)/gi)].every((m) => (m[2] ?? "").startsWith("#"));

/**
 * Refuses what makes an SVG costly or lets it reach outside itself, so that drawing one takes
 * time in proportion to its shapes: filters (a few bytes of blur or turbulence over a large
 * area took minutes), embedded images and HTML, references other than to its own elements
 * (href, url(), @import) and entity declarations. Scripts and handlers may stay: drawing to
 * pixels drops them.
 */
function checkSvg(bytes: Buffer): void {
  const text = bytes.toString("utf8");
  if (/<!ENTITY/i.test(text) || /<!DOCTYPE[^>]*\[/i.test(text)) throw new ImageRefused(422, SVG_ENTITIES);
  if (XMLValidator.validate(text, { allowBooleanAttributes: true }) !== true)
    throw new ImageRefused(422, "The image could not be read");
  const tree: unknown[] = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    allowBooleanAttributes: true,
    processEntities: false,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
  }).parse(text);
  const localName = (name: string) => name.slice(name.lastIndexOf(":") + 1).toLowerCase();
  const checkText = (value: string) => {
    if (!urlsInside(value) || /@import/i.test(value)) throw new ImageRefused(422, SVG_OUTSIDE);
    if (/(^|[\s;{])filter\s*:/i.test(value)) throw new ImageRefused(422, SVG_FILTERS);
  };
  const visit = (nodes: unknown[]) => {
    for (const node of nodes as Record<string, unknown>[]) {
      for (const [key, value] of Object.entries(node)) {
        if (key === "#text") checkText(String(value));
        else if (key === ":@") {
          for (const [attribute, raw] of Object.entries(value as Record<string, unknown>)) {
            const name = localName(attribute);
            const content = String(raw);
            if (name === "filter") throw new ImageRefused(422, SVG_FILTERS);
            if (name === "href" && !content.trim().startsWith("#")) throw new ImageRefused(422, SVG_OUTSIDE);
            checkText(content);
          }
        } else {
          const tag = localName(key);
          if (tag === "filter" || tag.startsWith("fe")) throw new ImageRefused(422, SVG_FILTERS);
          if (tag === "image" || tag === "foreignobject") throw new ImageRefused(422, SVG_EMBEDS);
          if (Array.isArray(value)) visit(value);
        }
      }
    }
  };
  visit(tree);
}

/** The dominant colour as #rrggbb. */
const hex = (c: { r: number; g: number; b: number }) =>
  `#${[c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;

/**
 * Stores `bytes` (already sniffed as `type`) under `mediaDir` as WebP at each width and returns
 * what pages need. Files are written under a temporary name and renamed, so a reader never sees
 * half a file; an image stored before (same hash) is not written again, only touched.
 */
export async function convertImage(bytes: Buffer, type: ImageType, mediaDir: string): Promise<StoredImage> {
  if (type === "svg") checkSvg(bytes);
  const options: SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: "error" };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new ImageRefused(422, "The image has too many pixels");
    throw new ImageRefused(422, "The image could not be read");
  }
  // The decoder must agree with the magic numbers (a PNG signature in front of something else).
  if (meta.format !== type || !meta.width || !meta.height) throw new ImageRefused(422, "The image could not be read");
  if (type === "svg") {
    // Drawn to pixels by librsvg from a buffer (no base to load anything from): scripts and
    // event handlers never run, and the stored copy is a bitmap. Never drawn larger than the
    // largest copy kept: drawing costs time by the pixel.
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

function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}
