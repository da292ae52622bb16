import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { z } from "zod";
import type { Tool } from "../db/queries/rows";
import { sameName } from "../db/queries/tags";
import type { ImportRow } from "../db/queries/tools";
import { MAX_TOOL_TAGS } from "../lib/limits";
import { slugify, toolSlugBase } from "../lib/slug";
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

const rowSchema = z.object({
  name: adminToolFields.name,
  description: adminToolFields.description.default(""),
  website_url: adminToolFields.website_url.default(""),
  logo_url: adminToolFields.logo_url.default(""),
  affiliate_link: adminToolFields.affiliate_link.default(""),
  video_url: adminToolFields.video_url.default(""),
  pricing_type: z.preprocess(
    (v) => (v === "" ? undefined : String(v).toLowerCase()),
    adminToolFields.pricing_type.default("free"),
  ),
  is_featured: z.preprocess((v) => /^(1|true|yes)$/i.test(String(v ?? "")), z.boolean()),
  pros_cons: adminToolFields.pros_cons,
  screenshots: adminToolFields.screenshots,
  faq: adminToolFields.faq,
});

const list = (cell: string) =>
  cell
    .split(/\r?\n|\|/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A `tags` cell: names separated by `|`, each once (in any letter case). Throws with the row's
 * problem when a name is not a valid tag name or there are too many.
 */
function tagNames(cell: string): string[] {
  const names: string[] = [];
  for (const raw of list(cell)) {
    const parsed = tagInput.shape.name.safeParse(raw);
    if (!parsed.success) throw new Error(`tags: '${raw.slice(0, 80)}': ${parsed.error.issues[0]?.message}`);
    if (!names.some((n) => sameName(n, parsed.data))) names.push(parsed.data);
  }
  if (names.length > MAX_TOOL_TAGS) throw new Error(`tags: at most ${MAX_TOOL_TAGS} per tool`);
  return names;
}

function jsonOr<T>(cell: string, fallback: (cell: string) => T): T {
  const trimmed = cell.trim();
  if (trimmed.startsWith("[") || trimmed.startsWith("{")) return JSON.parse(trimmed) as T;
  return fallback(trimmed);
}

/** Thrown with every problem found, one line per row, so the import can be fixed in one pass. */
export class CsvError extends Error {}

/**
 * Parses and validates an upload. Nothing is written here: the caller imports the rows in one
 * transaction only when every row is valid.
 */
export function parseToolsCsv(content: string): CsvRow[] {
  let records: Record<string, string>[];
  try {
    records = parse(content, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: false,
      relax_column_count: false,
    });
  } catch (error) {
    throw new CsvError(`Could not read the CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new CsvError("The CSV has no rows");
  const errors: string[] = [];
  const rows: CsvRow[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2;
    if (!("name" in record)) {
      if (index === 0) errors.push("The CSV needs a 'name' column");
      return;
    }
    try {
      const parsed = rowSchema.safeParse({
        name: record.name ?? "",
        description: record.description ?? "",
        website_url: record.website_url ?? "",
        logo_url: record.logo_url ?? "",
        affiliate_link: record.affiliate_link ?? "",
        video_url: record.video_url ?? "",
        pricing_type: record.pricing_type ?? "",
        is_featured: record.is_featured ?? "",
        pros_cons: { pros: list(record.pros ?? ""), cons: list(record.cons ?? "") },
        screenshots: jsonOr(record.screenshots ?? "", (cell) =>
          cell
            .split(/\s+/)
            .filter(Boolean)
            .map((url) => ({ url, alt_text: "" })),
        ),
        faq: jsonOr(record.faq ?? "", () => []),
      });
      if (!parsed.success) {
        errors.push(`Row ${line}: ${describeZodError(parsed.error)}`);
        return;
      }
      const wanted = record.slug?.trim() || parsed.data.name;
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
      const tags = "tags" in record ? tagNames(record.tags ?? "") : undefined;
      rows.push({ line, slug, category: (record.category ?? "").trim(), input: parsed.data, tags });
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

/** Spreadsheet formula injection guard: cells starting with = + - @ or tab are prefixed. */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
        t.pros_cons.pros.join(" | "),
        t.pros_cons.cons.join(" | "),
        JSON.stringify(t.screenshots),
        JSON.stringify(t.faq),
        t.tags.map((g) => g.name).join(" | "),
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
