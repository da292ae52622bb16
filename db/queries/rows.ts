import type { LocalImage } from "../../lib/media";
import type { FaqItem, ProsCons, Screenshot, SiteFlag, ToolStatus } from "../schema";
import type { TagRef } from "./tags";

/** A tool as every client sees it (SPEC §3), with its category joined in. */
export type Tool = {
  id: number;
  slug: string;
  name: string;
  description: string;
  logo_url: string;
  website_url: string;
  affiliate_link: string;
  video_url: string;
  screenshots: Screenshot[];
  /** The site's own copies of the logo and of the screenshots it could get (what pages show). */
  media: ToolMedia;
  pros_cons: ProsCons;
  faq: FaqItem[];
  category_id: number | null;
  category_name: string | null;
  category_slug: string | null;
  /** Its tags, by name. */
  tags: TagRef[];
  pricing_type: string;
  is_featured: boolean;
  /** When its featuring ends by itself, or null. */
  featured_until: string | null;
  /** Its maker proved they run its website and owns the listing. */
  is_verified: boolean;
  /** What the link checker found wrong with its website, or null. */
  site_flag: SiteFlag | null;
  /** Moderation: only published tools are public (db/queries/visibility.ts). */
  status: ToolStatus;
  /** Why an admin rejected it: present on rejected tools only. */
  rejection_reason?: string;
  /** On pending tools only: when its owner paid for review first (db/queries/moderation.ts), or null. */
  review_priority_at?: string | null;
  /** On the caller's own tools only: an edit of theirs waits for review (db/queries/revisions.ts). */
  pending_revision?: boolean;
  saves_count: number;
  affiliate_clicks?: number;
  avg_rating: number;
  review_count: number;
  submitted_by: number | null;
  created_at: string;
  updated_at: string;
};

export type ToolMedia = { logo: LocalImage | null; screenshots: (LocalImage & { alt_text: string })[] };

function json<T>(value: unknown, fallback: T): T {
  if (typeof value !== "string") return (value as T) ?? fallback;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** A tool's mean rating as every answer shows it: two decimals. */
const rating = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100;

/**
 * What a page shows of a tool it only lists (a card, a row of a table, a link by name): no
 * screenshots, pros and cons, FAQ or tags. An alternatives page lists ten tools, a tool page
 * three, so a full build reads these rows far more often than whole tools.
 */
export type ListedTool = Pick<
  Tool,
  | "id"
  | "slug"
  | "name"
  | "description"
  | "logo_url"
  | "website_url"
  | "category_id"
  | "category_name"
  | "category_slug"
  | "pricing_type"
  | "is_featured"
  | "is_verified"
  | "saves_count"
  | "avg_rating"
  | "review_count"
> & { media: Pick<ToolMedia, "logo"> };

/** Maps a listed row (its logo's copy as `logo`) to a ListedTool; toTool adds the rest of a whole row. */
export function toListedTool(row: Record<string, unknown>): ListedTool {
  return {
    id: Number(row.id),
    slug: String(row.slug),
    name: String(row.name),
    description: String(row.description ?? ""),
    logo_url: String(row.logo_url ?? ""),
    website_url: String(row.website_url ?? ""),
    category_id: row.category_id == null ? null : Number(row.category_id),
    category_name: (row.category_name as string | null) ?? null,
    category_slug: (row.category_slug as string | null) ?? null,
    pricing_type: String(row.pricing_type),
    is_featured: Boolean(row.is_featured),
    is_verified: Boolean(row.is_verified),
    saves_count: Number(row.saves_count ?? 0),
    avg_rating: rating(row.avg_rating),
    review_count: Number(row.review_count ?? 0),
    media: { logo: json<ToolMedia["logo"]>(row.logo, null) },
  };
}

/** Maps a raw `tools` row (JSON columns as text, booleans as 0/1, `tags` as a JSON array) to a Tool. */
export function toTool(row: Record<string, unknown>, withAdminFields = false): Tool {
  const tool: Tool = {
    ...toListedTool(row),
    affiliate_link: String(row.affiliate_link ?? ""),
    video_url: String(row.video_url ?? ""),
    screenshots: json<Screenshot[]>(row.screenshots, []),
    media: json<ToolMedia | null>(row.media, null) ?? { logo: null, screenshots: [] },
    pros_cons: json<ProsCons>(row.pros_cons, { pros: [], cons: [] }),
    faq: json<FaqItem[]>(row.faq, []).sort((a, b) => a.order - b.order),
    tags: json<TagRef[]>(row.tags, []),
    featured_until: (row.featured_until as string | null) ?? null,
    site_flag: (row.site_flag as SiteFlag | null) ?? null,
    status: (row.status as ToolStatus | undefined) ?? "published",
    submitted_by: row.submitted_by == null ? null : Number(row.submitted_by),
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
  if (tool.status === "rejected") tool.rejection_reason = String(row.rejection_reason ?? "");
  if (tool.status === "pending") tool.review_priority_at = (row.review_priority_at as string | null) ?? null;
  if (withAdminFields) tool.affiliate_clicks = Number(row.affiliate_clicks ?? 0);
  return tool;
}
