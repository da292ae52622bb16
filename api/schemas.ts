import { z } from "zod";
import { MAX_TOOL_TAGS } from "../lib/limits";
import { isMediaPath } from "../lib/media";
import { PRICING_TYPES } from "../lib/pricing";
import { TOOL_SORTS } from "../lib/sort";
import { isHttpUrl, toEmbedUrl } from "../lib/url";

/** An http(s) URL or empty: no other scheme is ever stored in a URL field. */
const urlField = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || isHttpUrl(v), { message: "must be an http(s) URL" });

/** A required http(s) URL. */
export const httpUrlField = z.string().trim().max(2048).refine(isHttpUrl, { message: "must be an http(s) URL" });

/**
 * An image's URL: http(s), fetched and stored by the site (jobs/image-fetcher.ts), or the address
 * of a file uploaded to it (/media/{hash}-{width}.webp), or empty.
 */
const imageUrlField = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => v === "" || isHttpUrl(v) || isMediaPath(v), { message: "must be an http(s) URL" });

/**
 * Text a person wrote. A NUL character is refused: SQLite's text functions and what pages show
 * stop at it while the search index reads past it, so it would hide words (keywords a tool is
 * found by that no visitor can see) or empty a required name.
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\0]*$/, "must not contain a NUL character");

/** A name or title: text on one line (no line break nor other control character). */
const line = (max: number) => text(max).regex(/^[^\p{Cc}]*$/u, "must be one line of text");

const faqItem = z.object({
  question: text(500).min(1),
  answer: text(5000).min(1),
  order: z.number().int().min(0).max(1000).optional().default(0),
});
const faqList = z.array(faqItem).max(15, "at most 15 FAQ items");

const screenshot = z.object({
  url: imageUrlField.refine((v) => v !== "", "required"),
  alt_text: text(300).default(""),
});

const prosCons = z.object({
  pros: z.array(text(300).min(1)).max(30).default([]),
  cons: z.array(text(300).min(1)).max(30).default([]),
});

const pricingType = z.enum(PRICING_TYPES);
const categoryId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable();

/** A tool's tags, chosen from existing ones by id (unknown ids are refused by the route). */
const tagIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MAX_TOOL_TAGS, `at most ${MAX_TOOL_TAGS} tags`)
  .transform((ids) => [...new Set(ids)]);

/** The submit form (SPEC §3 "Tool submission payload"). Unknown fields are refused. */
export const toolSubmission = z.strictObject({
  name: line(200).min(1, "Tool Name is required"),
  description: text(20_000).optional().default(""),
  website_url: urlField.optional().default(""),
  logo_url: imageUrlField.optional().default(""),
  category_id: categoryId.optional().default(null),
  pricing_type: pricingType.optional().default("free"),
  tag_ids: tagIds.optional(),
});

/** What a member may change on their own tool: the submit form's fields plus is_featured. */
export const memberToolUpdate = z.strictObject({
  name: line(200).min(1).optional(),
  description: text(20_000).optional(),
  website_url: urlField.optional(),
  logo_url: imageUrlField.optional(),
  category_id: categoryId.optional(),
  pricing_type: pricingType.optional(),
  is_featured: z.boolean().optional(),
  tag_ids: tagIds.optional(),
});

/** Fields a client may echo back from a read (the admin dialog sends the whole tool); ignored. */
const readOnlyToolFields = {
  id: z.unknown().optional(),
  slug: z.unknown().optional(),
  saves_count: z.unknown().optional(),
  affiliate_clicks: z.unknown().optional(),
  avg_rating: z.unknown().optional(),
  review_count: z.unknown().optional(),
  submitted_by: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  category_name: z.unknown().optional(),
  category_slug: z.unknown().optional(),
  tags: z.unknown().optional(),
  is_saved: z.unknown().optional(),
  is_verified: z.unknown().optional(),
  site_flag: z.unknown().optional(),
  open_reports: z.unknown().optional(),
  media: z.unknown().optional(),
  // Moderation changes only through approve and reject (api/routes/admin/moderation.ts).
  status: z.unknown().optional(),
  rejection_reason: z.unknown().optional(),
};

/** Every editable tool field, as the admin dialog and CSV import set them. */
export const adminToolFields = {
  name: line(200).min(1),
  description: text(20_000),
  website_url: urlField,
  logo_url: imageUrlField,
  affiliate_link: urlField,
  video_url: urlField.refine((v) => v === "" || toEmbedUrl(v) !== "", { message: "must be a YouTube or Vimeo link" }),
  screenshots: z.array(screenshot).max(10, "at most 10 screenshots"),
  pros_cons: prosCons,
  faq: faqList,
  category_id: categoryId,
  pricing_type: pricingType,
  is_featured: z.boolean(),
  /** When the feature ends by itself (ISO date-time), or null for never. */
  featured_until: z.iso
    .datetime({ offset: true })
    .transform((v) => new Date(v).toISOString())
    .nullable(),
  tag_ids: tagIds,
};

/** Drops the read-only fields a client echoed back, keeping what it may set. */
function editableOnly<T extends Record<string, unknown>>(tool: T) {
  const editable: Record<string, unknown> = { ...tool };
  for (const key of Object.keys(readOnlyToolFields)) delete editable[key];
  return editable as Omit<T, keyof typeof readOnlyToolFields>;
}

export const adminToolUpdate = z
  .strictObject({ ...readOnlyToolFields, ...adminToolFields })
  .partial()
  .transform(editableOnly);

/** A tool an admin creates: a name, every other field optional. */
export const adminToolCreate = z
  .strictObject({ ...readOnlyToolFields, ...adminToolFields })
  .partial()
  .required({ name: true })
  .transform(editableOnly);

export const credentials = z.object({
  email: z.email("Enter a valid email address").max(254),
  password: z.string().min(8, "Password must be at least 8 characters").max(1024),
});

/** How many tags one directory filter may combine (`?tag=a,b,c`). */
const MAX_FILTER_TAGS = 10;

const intString = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const toolListQuery = z.object({
  search: z.string().max(200).optional(),
  category_id: z.union([z.literal(""), z.literal("null"), intString(1, Number.MAX_SAFE_INTEGER)]).optional(),
  pricing: z.union([z.literal("all"), z.literal(""), pricingType]).optional(),
  limit: intString(1, 100).optional(),
  offset: intString(0, 1_000_000).optional(),
  submitted_by: z.literal("me").optional(),
  featured: z.enum(["true", "false"]).optional(),
  tag: z
    .string()
    .max(500, "at most 500 characters")
    .transform((raw) => [
      ...new Set(
        raw
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((slugs) => slugs.length <= MAX_FILTER_TAGS, `at most ${MAX_FILTER_TAGS} tags`)
    .optional(),
  sort: z.enum(TOOL_SORTS).optional(),
});

/** A tag as the admin creates and renames it; its slug always follows its name. */
export const tagInput = z.object({
  name: text(60)
    .min(1, "name is required")
    .refine((v) => /[\p{L}\p{N}]/u.test(v), "must contain a letter or a digit"),
  description: text(1000).optional().default(""),
  id: z.unknown().optional(),
  slug: z.unknown().optional(),
  tools_count: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
});

export const tagMerge = z.object({ into_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const reviewInput = z.strictObject({
  rating: z.number().int().min(1, "rating must be 1 to 5").max(5, "rating must be 1 to 5"),
  comment: text(5000).optional().default(""),
});

export const categoryInput = z.object({
  name: line(100).min(1, "name is required"),
  slug: z
    .string()
    .trim()
    .max(100)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug may hold lower-case letters, digits and single hyphens")
    .optional(),
  description: text(1000).optional().default(""),
  long_form_content: text(50_000).optional().default(""),
  faq: faqList.optional().default([]),
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  tool_count: z.unknown().optional(),
});

export const articleInput = z.object({
  title: line(300).min(1, "title is required"),
  slug: z
    .string()
    .trim()
    .min(1, "slug is required")
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug may hold lower-case letters, digits and single hyphens"),
  excerpt: text(2000).optional().default(""),
  content: text(200_000).optional().default(""),
  status: z.enum(["draft", "published"]).optional().default("draft"),
  is_template: z.boolean().optional().default(false),
  featured_image: urlField.optional().default(""),
  meta_title: line(300).optional().default(""),
  meta_description: text(500).optional().default(""),
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  published_at: z.unknown().optional(),
  template_id: z.unknown().optional(),
  keyword: z.unknown().optional(),
});

export const keywordsQuery = z.object({ keywords: z.string().max(20_000).optional() });

export const checkoutInput = z.object({
  package_id: z.literal("pro", { error: "Unknown package" }),
  origin_url: z.string().max(2048).optional(),
});

/** A JSON-encoded query parameter (react-admin's `range`, `sort`, `filter`). */
function jsonParam<T extends z.ZodType>(schema: T) {
  return z
    .string()
    .max(10_000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** ra-data-simple-rest's list parameters: `range=[0,24]`, `sort=["name","ASC"]`, `filter={...}`. */
/** A search synonym as the admin edits it; the server keeps only its words (lower case). */
export const synonymInput = z.object({
  term: line(64).min(1, "term is required"),
  expands_to: line(200).min(1, "expands_to is required"),
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
});

/**
 * An admin-picked comparison: two tools, in either order, and an optional verdict on each. The
 * names and page path the list shows may be echoed back; they are ignored.
 */
export const comparisonInput = z.object({
  tool_a_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  tool_b_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  verdict_a: text(2000).optional().default(""),
  verdict_b: text(2000).optional().default(""),
  id: z.unknown().optional(),
  created_at: z.unknown().optional(),
  updated_at: z.unknown().optional(),
  tool_a_name: z.unknown().optional(),
  tool_a_slug: z.unknown().optional(),
  tool_b_name: z.unknown().optional(),
  tool_b_slug: z.unknown().optional(),
  path: z.unknown().optional(),
});

export const listQuery = z.object({
  range: jsonParam(
    z
      .tuple([z.number().int().min(0).max(10_000_000), z.number().int().min(0).max(10_000_000)])
      .refine(([start, end]) => end >= start && end - start < 1000, "range: [start, end], at most 1000 rows"),
  ).optional(),
  sort: jsonParam(
    z.tuple([
      z.string().max(64),
      z.enum(["ASC", "DESC", "asc", "desc"]).transform((o) => o.toUpperCase() as "ASC" | "DESC"),
    ]),
  ).optional(),
  filter: jsonParam(z.record(z.string().max(64), z.unknown())).optional(),
});

/** Template keywords in the admin's Content body: one published article per keyword. */
export const keywordsList = z.array(z.string().trim().max(200)).max(1000, "keywords: at most 1000 per save");

/** A record id in the path where a malformed one is a client error of its own (422), not a 404. */
export const strictIdPath = z.object({ id: intString(1, Number.MAX_SAFE_INTEGER) });

/** At most this many tools per approve or reject request. */
export const MODERATION_BATCH = 500;

/** The tools an approve or reject acts on: 1 to MODERATION_BATCH ids. */
const moderationIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .min(1, "give at least one id")
  .max(MODERATION_BATCH, `at most ${MODERATION_BATCH} ids per request`);

export const approveInput = z.strictObject({ ids: moderationIds });
export const rejectInput = z.strictObject({
  ids: moderationIds,
  reason: z.string().trim().min(1, "a reason is required").max(500, "at most 500 characters"),
});
export const moderationSwitch = z.strictObject({ enabled: z.boolean() });
export const revisionRejection = rejectInput.pick({ reason: true });

/**
 * A record's id in a path: decimal digits only ("0x10", "1e3", "01" or " 5" name no record);
 * anything else answers 404 like an unknown id.
 */
export const pathId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
export const idPath = z.object({ id: pathId });
