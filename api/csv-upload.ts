/**
 * A CSV file uploaded to the admin (tools, newsletter subscribers): multipart/form-data, field
 * `file`, named *.csv, at most MAX_CSV_BYTES counted while the body streams in (413 before more
 * is read). The whole file is read by its importer, so its size is capped before anything else.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import type { AppEnv } from "./context";
import { fail } from "./errors";

/** Caps the body at the MAX_CSV_BYTES setting while it streams. */
export const csvUploadLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const max = c.var.deps.settings.MAX_CSV_BYTES;
  return bodyLimit({
    maxSize: max,
    onError: (ctx) => ctx.json({ detail: `The file is larger than ${(max / 1024 / 1024).toFixed(1)} MB` }, 413),
  })(c, next);
};

/** The OpenAPI body of a CSV upload. */
export const csvUploadBody = {
  required: false,
  content: { "multipart/form-data": { schema: z.object({ file: z.unknown() }) } },
};

/** The uploaded CSV file, or a 400/415 naming what is wrong with the request. */
export async function receiveCsv(c: Context<AppEnv>): Promise<File> {
  const multipart = "Send the CSV as multipart/form-data in the field 'file'";
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    fail(400, multipart);
  }
  const file = form.get("file");
  if (!(file instanceof File)) fail(400, multipart);
  if (!/\.csv$/i.test(file.name)) fail(415, "Only .csv files can be uploaded");
  return file;
}
