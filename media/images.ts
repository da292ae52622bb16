/**
 * Turns image bytes someone gave us (a fetched URL or an uploaded file) into the site's own
 * copies: the type is read from the bytes (never from a name, a header or the client), SVG is
 * checked and rendered to pixels (no filter, script, style or reference in it survives), and the
 * picture is stored as WebP at the widths pages use, named by the original's content hash. The
 * decoding runs in a pool of child processes (media/convert-pool.ts), under a deadline and a
 * memory cap, never on the threads the server hashes passwords on.
 */
import { IMAGE_TOO_LARGE } from "../lib/image-file";
import { MAX_IMAGE_BYTES } from "../lib/limits";
import type { StoredImage } from "../lib/media";
import { ImageRefused, sniffImage } from "./convert";
import { ConvertPool } from "./convert-pool";

export { ImageRefused, sniffImage } from "./convert";
export { ConvertBusy } from "./convert-pool";

/**
 * One or two images at a time (IMAGE_CONVERT_WORKERS), eight waiting. The largest image the
 * limits let through (25 MP) takes a child about 300 MB and a few seconds of one core, so 10 s
 * and 512 MB leave room on a busy machine while bounding what any one image can hold.
 */
const imageConversion = new ConvertPool({
  workers: 2,
  waiting: 8,
  deadlineMs: 10_000,
  memoryBytes: 512 * 1024 * 1024,
});

/** Sets how many images convert at once (IMAGE_CONVERT_WORKERS; the app does it at creation). */
export const configureImageConversion = (workers: number) => imageConversion.resize(workers);

/**
 * Stores `bytes` under `mediaDir` as WebP at each width and returns what pages need. Refuses
 * (ImageRefused) what is too large, not an image we take, or cannot be converted within the
 * limits; throws ConvertBusy when the queue is full.
 */
export async function storeImage(bytes: Buffer, mediaDir: string): Promise<StoredImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageRefused(413, IMAGE_TOO_LARGE);
  const type = sniffImage(bytes);
  if (!type) throw new ImageRefused(415, "Only PNG, JPEG, WebP, GIF and SVG images are accepted");
  return imageConversion.convert(bytes, type, mediaDir);
}

/** Stores images under `mediaDir`: what the seed is given to store the demo's pictures with. */
export const imageStore = (mediaDir: string) => (bytes: Buffer) => storeImage(bytes, mediaDir);
