import type { InValue } from "@libsql/client";
import type { Db } from "../client";

/** A page request as react-admin's simple REST client sends it (`range`, `sort`, `filter`). */
export type ListParams = {
  /** Inclusive row range; absent: every row. */
  range?: [number, number];
  sort?: [string, "ASC" | "DESC"];
  filter?: Record<string, unknown>;
};

/** One admin resource's table as the list reads it. */
export type ListSpec<T> = {
  /** `FROM …` with its joins; the main table is aliased so filters and sorts can name it. */
  from: string;
  select: string;
  /** Sortable fields and the SQL each sorts by. */
  sort: Record<string, string>;
  /** Filterable fields: each turns a value into a condition and its arguments. */
  filter: Record<string, (value: unknown) => [string, InValue[]]>;
  /** The id column, for ties and for `filter: {id: [...]}`. */
  id: string;
  map: (row: Record<string, unknown>) => T;
};

export class ListParamsError extends Error {}

/**
 * A page of an admin list, with the total the filters match: filtering, sorting and paging all
 * run in SQL, so the admin reads one page whatever the size of the table.
 */
export async function listPage<T>(
  db: Db,
  spec: ListSpec<T>,
  params: ListParams,
): Promise<{ rows: T[]; total: number }> {
  const where: string[] = [];
  const args: InValue[] = [];
  for (const [field, value] of Object.entries(params.filter ?? {})) {
    if (value === undefined || value === null || value === "") continue;
    if (field === "id") {
      const ids = (Array.isArray(value) ? value : [value]).map(Number).filter(Number.isSafeInteger);
      where.push(`${spec.id} IN (${ids.map(() => "?").join(",") || "NULL"})`);
      args.push(...ids);
      continue;
    }
    // Own fields only: "constructor" or "toString" must not find Object's built-ins.
    const condition = Object.hasOwn(spec.filter, field) ? spec.filter[field] : undefined;
    if (!condition) throw new ListParamsError(`filter: unknown field '${field}'`);
    const [sql, values] = condition(value);
    where.push(sql);
    args.push(...values);
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [field, order] = params.sort ?? ["id", "ASC"];
  const sortSql = field === "id" ? spec.id : Object.hasOwn(spec.sort, field) ? spec.sort[field] : undefined;
  if (!sortSql) throw new ListParamsError(`sort: unknown field '${field}'`);
  const dir = order === "DESC" ? "DESC" : "ASC";
  const [start, end] = params.range ?? [0, -1];
  const limit = params.range ? end - start + 1 : -1;
  const [page, count] = await db.$client.batch(
    [
      {
        sql: `SELECT ${spec.select} ${spec.from} ${whereSql} ORDER BY ${sortSql} ${dir}, ${spec.id} ${dir} LIMIT ? OFFSET ?`,
        args: [...args, limit, start],
      },
      { sql: `SELECT count(*) AS n ${spec.from} ${whereSql}`, args },
    ],
    "read",
  );
  return {
    rows: (page?.rows ?? []).map((r) => spec.map(r as unknown as Record<string, unknown>)),
    total: Number(count?.rows[0]?.n ?? 0),
  };
}

/** `column LIKE %value%` over several columns, with LIKE's wildcards taken literally. */
export function containsAny(columns: string[]) {
  return (value: unknown): [string, InValue[]] => {
    const pattern = `%${String(value)
      .slice(0, 200)
      .replace(/[\\%_]/g, "\\$&")}%`;
    return [`(${columns.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`, columns.map(() => pattern)];
  };
}

/** `column = value`, the value compared as given (numbers, text). */
export function equals(column: string) {
  return (value: unknown): [string, InValue[]] => [`${column} = ?`, [scalar(value)]];
}

/** A boolean column: true, false, "true", "false", 1 or 0. */
export function flag(column: string) {
  return (value: unknown): [string, InValue[]] => [
    `${column} = ?`,
    [value === true || value === "true" || value === 1 ? 1 : 0],
  ];
}

function scalar(value: unknown): InValue {
  // JSON's 1e400 is Infinity, which the database refuses.
  if (typeof value === "number" && !Number.isFinite(value)) throw new ListParamsError("filter: numbers must be finite");
  if (typeof value === "number" || typeof value === "string") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  throw new ListParamsError("filter: values must be numbers, text or booleans");
}
