import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError, type z } from "zod";

/** The one error shape of the API (SPEC §7): `{ "detail": "..." }`. */
export function fail(status: ContentfulStatusCode, detail: string, headers?: Record<string, string>): never {
  throw new HTTPException(status, {
    res: new Response(JSON.stringify({ detail }), {
      status,
      headers: { "content-type": "application/json", ...headers },
    }),
  });
}

/** Readable one-line description of what failed validation. */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (!result.success) fail(422, describeZodError(result.error));
  return result.data;
}

/** Validates the query string against `schema` (422 with a readable detail on failure). */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  return parseWith(schema, c.req.query());
}

/** Reads and validates a JSON body: 400 when it is not JSON, 422 when it is the wrong shape. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    const text = await c.req.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    fail(400, "Malformed JSON body");
  }
  return parseWith(schema, body);
}

/** A positive integer id from the path, or 404 for anything else. */
export function idParam(c: Context, name = "id"): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,15}$/.test(raw)) fail(404, "Not found");
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) fail(404, "Not found");
  return id;
}

export { HTTPException, ZodError };
