/**
 * An image file sent instead of a URL (a logo, a screenshot): multipart/form-data, field `file`,
 * at most 5 MB counted while the body streams in (413 before more is read), its type read from
 * its bytes (415 for anything but PNG, JPEG, WebP, GIF and SVG), then stored like a fetched image.
 * The tool then names the stored copy's own URL (/media/...), which is never fetched.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { recordUpload } from "../db/queries/images";
import { IMAGE_TOO_LARGE } from "../lib/image-file";
import { MAX_IMAGE_BYTES } from "../lib/limits";
import { mediaPath } from "../lib/media";
import { ConvertBusy, ImageRefused, storeImage } from "../media/images";
import type { AppEnv } from "./context";
import { fail } from "./errors";

/** Room for the multipart framing around the file. */
const FRAMING = 64 * 1024;

/** Caps the body while it streams: no upload is ever buffered past the limit. */
export const imageUploadLimit: MiddlewareHandler<AppEnv> = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + FRAMING,
  onError: (c) => c.json({ detail: IMAGE_TOO_LARGE }, 413),
});

/** The OpenAPI body of an image upload. */
export const imageUploadBody = {
  required: false,
  content: { "multipart/form-data": { schema: z.object({ file: z.unknown(), alt_text: z.string().optional() }) } },
};

/** Reads, checks and stores the uploaded image; resolves its local URL and the form's other fields. */
export async function receiveImage(c: Context<AppEnv>): Promise<{ url: string; form: FormData }> {
  const multipart = "Send the image as multipart/form-data in the field 'file'";
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (error) {
    // The body limit's own error, raised from inside the stream.
    if ((error as { status?: number })?.status === 413) fail(413, IMAGE_TOO_LARGE);
    fail(400, multipart);
  }
  const file = form.get("file");
  if (!(file instanceof File)) fail(400, multipart);
  if (file.size > MAX_IMAGE_BYTES) fail(413, IMAGE_TOO_LARGE);
  try {
    const stored = await storeImage(Buffer.from(await file.arrayBuffer()), c.var.deps.settings.MEDIA_DIR);
    const url = mediaPath(stored.hash, stored.widths.at(-1) ?? stored.width);
    await recordUpload(c.var.deps.db, url, stored);
    return { url, form };
  } catch (error) {
    if (error instanceof ImageRefused) fail(error.status, error.message);
    if (error instanceof ConvertBusy) fail(503, error.message, { "retry-after": "10" });
    throw error;
  }
}
