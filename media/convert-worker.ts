/**
 * One image converter of the pool (forked by media/convert-pool.ts): converts the images it is
 * sent, one at a time, at the lowest CPU priority, on threads of its own, so a costly image
 * never holds the threads the server hashes passwords and reads files on. Node runs this file
 * as it is (types stripped): relative imports name their `.ts`.
 */
import { lowestPriority } from "./lowest-priority.ts";

lowestPriority();
// The server going away takes its converters with it.
process.on("disconnect", () => process.exit(0));
const { default: sharp } = await import("sharp");
const { convertImage, ImageRefused } = await import("./convert.ts");
// Nothing kept between images (the cache would hold their pixels), one libvips thread.
sharp.cache(false);
sharp.concurrency(1);

type Job = { bytes: Uint8Array; type: Parameters<typeof convertImage>[1]; mediaDir: string };

process.on("message", async (job: Job) => {
  let answer: object;
  try {
    answer = { stored: await convertImage(Buffer.from(job.bytes), job.type, job.mediaDir) };
  } catch (error) {
    answer =
      error instanceof ImageRefused
        ? { refused: { status: error.status, message: error.message } }
        : { failed: { message: String(error), code: (error as NodeJS.ErrnoException).code } };
  }
  process.send?.(answer);
});
process.send?.({ ready: true });
