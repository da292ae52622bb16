import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError, z } from "zod";

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
