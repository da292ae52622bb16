import { Worker } from "node:worker_threads";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import type { Tool } from "../db/queries/rows";
import type { ImportRow } from "../db/queries/tools";
import { MAX_TOOL_TAGS } from "../lib/limits";
import { sameName, slugify, toolSlugBase } from "../lib/slug";
import { describeZodError } from "./errors";
import { adminToolFields, tagInput } from "./schemas";

/** Columns of the import template and the export, in order. */
const CSV_COLUMNS = [
  "name",
  "slug",
  "description",
  "website_url",
  "logo_url",
  "affiliate_link",
  "video_url",
  "category",
  "pricing_type",
  "is_featured",
  "pros",
  "cons",
  "screenshots",
  "faq",
  "tags",
] as const;

export type CsvRow = ImportRow;

/**
 * A row's fields, each only when the file has its column: a column that is absent leaves the
 * field as it is, an empty cell clears it (pricing_type to free, is_featured to false).
 */
const rowSchema = z.object({
  name: adminToolFields.name,
  description: adminToolFields.description.optional(),
  website_url: adminToolFields.website_url.optional(),
  logo_url: adminToolFields.logo_url.optional(),
  affiliate_link: adminToolFields.affiliate_link.optional(),
  video_url: adminToolFields.video_url.optional(),
  pricing_type: z.preprocess(
    (v) => (v === "" ? "free" : typeof v === "string" ? v.toLowerCase() : v),
    adminToolFields.pricing_type.optional(),
  ),
  is_featured: z.preprocess(
    (v) => (typeof v === "string" ? /^(1|true|yes)$/i.test(v.trim()) : v),
    z.boolean().optional(),
  ),
  pros: adminToolFields.pros_cons.shape.pros.unwrap().optional(),
  cons: adminToolFields.pros_cons.shape.cons.unwrap().optional(),
  screenshots: adminToolFields.screenshots.optional(),
  faq: adminToolFields.faq.optional(),
});

/** Columns whose cell rowSchema reads as it is. */
const TEXT_COLUMNS = ["description", "website_url", "logo_url", "affiliate_link", "video_url", "pricing_type"] as const;

/**
 * A list cell: a JSON array, or items separated by `|` or line breaks. The export writes JSON
 * when an item holds one of those separators (listCell), so every list comes back as it was.
 */
function list(column: string, cell: string): string[] {
  const trimmed = cell.trim();
  if (!trimmed.startsWith("[")) {
    return trimmed
      .split(/\r?\n|\|/)
      .map((s) => s.trim())
      .filter(Boolean);
  }
  const items = parseJson(column, trimmed);
  if (!Array.isArray(items) || !items.every((i) => typeof i === "string")) {
    throw new Error(`${column}: a JSON cell must be a list of texts`);
  }
  return items;
}

/** A list as one cell that list() reads back the same. */
function listCell(items: string[]): string {
  const joined = items.join(" | ");
  return items.some((i) => /[|\r\n]/.test(i)) || joined.startsWith("[") ? JSON.stringify(items) : joined;
}

function parseJson(column: string, cell: string): unknown {
  try {
    return JSON.parse(cell);
  } catch {
    throw new Error(`${column}: not valid JSON`);
  }
}

/**
 * A `tags` cell: names separated by `|`, each once (in any letter case). Throws with the row's
 * problem when a name is not a valid tag name or there are too many.
 */
function tagNames(cell: string): string[] {
  const names: string[] = [];
  for (const raw of list("tags", cell)) {
    const parsed = tagInput.shape.name.safeParse(raw);
    if (!parsed.success) throw new Error(`tags: '${raw.slice(0, 80)}': ${parsed.error.issues[0]?.message}`);
    if (!names.some((n) => sameName(n, parsed.data))) names.push(parsed.data);
  }
  if (names.length > MAX_TOOL_TAGS) throw new Error(`tags: at most ${MAX_TOOL_TAGS} per tool`);
  return names;
}

/** Thrown with every problem found, one line per row, so the import can be fixed in one pass. */
export class CsvError extends Error {}

/**
 * Parses and validates an upload. Nothing is written here: the caller imports the rows in one
 * transaction only when every row is valid. Runs on a worker thread (parseToolsCsvOffThread).
 */
export function parseToolsCsv(content: string): CsvRow[] {
  let records: Record<string, string>[];
  let present = new Set<string>();
  try {
    records = parse(content, {
      bom: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim().toLowerCase());
        present = new Set(names);
        return names;
      },
      skip_empty_lines: true,
      trim: false,
      relax_column_count: false,
    });
  } catch (error) {
    throw new CsvError(`Could not read the CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new CsvError("The CSV has no rows");
  if (!present.has("name")) throw new CsvError("The CSV needs a 'name' column");
  const errors: string[] = [];
  const rows: CsvRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    const cell = (column: string) => unquoteCell(record[column] ?? "");
    try {
      const fields: Record<string, unknown> = { name: cell("name") };
      for (const column of TEXT_COLUMNS) if (present.has(column)) fields[column] = cell(column);
      if (present.has("is_featured")) fields.is_featured = cell("is_featured");
      if (present.has("pros")) fields.pros = list("pros", cell("pros"));
      if (present.has("cons")) fields.cons = list("cons", cell("cons"));
      if (present.has("screenshots")) {
        const shots = cell("screenshots").trim();
        fields.screenshots = shots.startsWith("[")
          ? parseJson("screenshots", shots)
          : shots
              .split(/\s+/)
              .filter(Boolean)
              .map((url) => ({ url, alt_text: "" }));
      }
      if (present.has("faq")) {
        const faq = cell("faq").trim();
        fields.faq = faq === "" ? [] : parseJson("faq", faq);
      }
      const parsed = rowSchema.safeParse(fields);
      if (!parsed.success) {
        errors.push(`Row ${line}: ${describeZodError(parsed.error)}`);
        return;
      }
      const wanted = cell("slug").trim() || parsed.data.name;
      if (!slugify(wanted)) {
        errors.push(`Row ${line}: name must contain letters or digits`);
        return;
      }
      const slug = toolSlugBase(wanted);
      const earlier = seen.get(slug);
      if (earlier) {
        errors.push(`Row ${line}: duplicate slug '${slug}' (also on row ${earlier})`);
        return;
      }
      seen.set(slug, line);
      const { pros, cons, ...input } = parsed.data;
      rows.push({
        line,
        slug,
        input,
        ...(present.has("category") && { category: cell("category").trim() }),
        ...(pros && { pros }),
        ...(cons && { cons }),
        ...(present.has("tags") && { tags: tagNames(cell("tags")) }),
      });
    } catch (error) {
      errors.push(`Row ${line}: ${(error as Error).message}`);
    }
  });
  if (errors.length > 0) {
    const shown = errors.slice(0, 20);
    if (errors.length > 20) shown.push(`…and ${errors.length - 20} more`);
    throw new CsvError(`${errors.length} row(s) have errors, nothing was imported. ${shown.join(" | ")}`);
  }
  return rows;
}

/** What the parsing thread (api/csv-worker.ts) answers. */
export type CsvReply = { rows: CsvRow[] } | { error: string };

/**
 * Decodes, parses and validates an upload on a worker thread, so that a large file (a 20 MB one
 * takes seconds) leaves the server answering other requests meanwhile. The bytes are moved to
 * the thread, not copied. Rejects with CsvError for a file that is not valid UTF-8 or has errors.
 */
export function parseToolsCsvOffThread(bytes: Uint8Array<ArrayBuffer>): Promise<CsvRow[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./csv-worker.ts", import.meta.url), {
      // The thread loads this module's TypeScript imports as the server does.
      execArgv: ["--import", import.meta.resolve("tsx")],
      workerData: bytes,
      transferList: [bytes.buffer],
    });
    worker.once("message", (reply: CsvReply) =>
      "error" in reply ? reject(new CsvError(reply.error)) : resolve(reply.rows),
    );
    worker.once("error", reject);
    // After a reply this changes nothing; without one the thread died (out of memory).
    worker.once("exit", (code) => reject(new Error(`the CSV parsing thread exited with code ${code}`)));
  });
}

/**
 * Cells a spreadsheet would run as a formula: starting with = + - @ tab or CR (OWASP's CSV
 * injection list), after any quotes, so that a value that itself starts with a quote and one of
 * those comes back whole too.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Spreadsheet formula injection guard: such a cell gets one leading `'`. */
function safeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Takes off exactly the `'` safeCell added, so that an export imports back unchanged. */
function unquoteCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export function toolsToCsv(tools: Tool[]): string {
  return stringify(
    tools.map((t) =>
      [
        t.name,
        t.slug,
        t.description,
        t.website_url,
        t.logo_url,
        t.affiliate_link,
        t.video_url,
        t.category_name ?? "",
        t.pricing_type,
        t.is_featured ? "true" : "false",
        listCell(t.pros_cons.pros),
        listCell(t.pros_cons.cons),
        JSON.stringify(t.screenshots),
        JSON.stringify(t.faq),
        listCell(t.tags.map((g) => g.name)),
      ].map((v) => safeCell(String(v))),
    ),
    { header: true, columns: [...CSV_COLUMNS], bom: true },
  );
}

export const CSV_TEMPLATE = stringify(
  [
    [
      "Example Writer",
      "",
      "An AI writing assistant for **marketing** copy.",
      "https://example.com",
      "https://example.com/logo.png",
      "",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "Writing",
      "freemium",
      "false",
      "Fast drafts | Many templates",
      "Limited free plan",
      "https://example.com/shot-1.png https://example.com/shot-2.png",
      '[{"question":"Is there a free plan?","answer":"Yes, with limits."}]',
      "Free plan | Copywriting",
    ],
  ],
  { header: true, columns: [...CSV_COLUMNS] },
);
