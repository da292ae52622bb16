import type { Context } from "hono";

/**
 * Answers a list in the spec's plain-array shape, honouring ra-data-simple-rest's `sort`,
 * `range` and `filter` query parameters and adding `Content-Range` for the admin.
 */
export function listResponse<T extends object>(c: Context, resource: string, all: T[]): Response {
  let items = all;
  const filter = parseJson<Record<string, unknown>>(c.req.query("filter"));
  if (filter && typeof filter === "object") {
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined || value === null || value === "") continue;
      if (key === "q") {
        const needle = String(value).toLowerCase();
        items = items.filter((item) =>
          Object.values(item).some((v) => typeof v === "string" && v.toLowerCase().includes(needle)),
        );
      } else if (key === "id" && Array.isArray(value)) {
        const ids = new Set(value.map(String));
        items = items.filter((item) => ids.has(String((item as Record<string, unknown>).id)));
      } else {
        items = items.filter((item) => String((item as Record<string, unknown>)[key]) === String(value));
      }
    }
  }
  const sort = parseJson<[string, string]>(c.req.query("sort"));
  if (Array.isArray(sort) && typeof sort[0] === "string") {
    const [field, order] = sort;
    const dir = String(order).toUpperCase() === "DESC" ? -1 : 1;
    items = [...items].sort(
      (a, b) => compare((a as Record<string, unknown>)[field], (b as Record<string, unknown>)[field]) * dir,
    );
  }
  const total = items.length;
  const range = parseJson<[number, number]>(c.req.query("range"));
  let start = 0;
  let end = total - 1;
  if (
    Array.isArray(range) &&
    Number.isInteger(range[0]) &&
    Number.isInteger(range[1]) &&
    range[0] >= 0 &&
    range[1] >= range[0]
  ) {
    start = range[0];
    end = Math.min(range[1], total - 1);
    items = items.slice(start, end + 1);
  }
  c.header("content-range", `${resource} ${start}-${Math.max(end, start)}/${total}`);
  c.header("access-control-expose-headers", "Content-Range");
  return c.json(items);
}

function parseJson<T>(raw: string | undefined): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" || typeof b === "boolean") return Number(a) - Number(b);
  return String(a ?? "").localeCompare(String(b ?? ""), undefined, { numeric: true });
}
