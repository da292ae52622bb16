import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRICING_TYPES, type PricingType } from "../lib/pricing";
import { PRICED_PRODUCTS } from "../lib/products";
import { SLUG_KINDS } from "../lib/site";
import { SPONSOR_KINDS } from "../lib/sponsors";

export type FaqItem = { question: string; answer: string; order: number };
export type Screenshot = { url: string; alt_text: string };
export type ProsCons = { pros: string[]; cons: string[] };

export { PRICING_TYPES, type PricingType };

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored lower-cased, so the unique index makes e-mail case-insensitive. */
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    role: text("role", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    subscription_status: text("subscription_status", { enum: ["free", "pro"] })
      .notNull()
      .default("free"),
    /**
     * When Pro ends (a purchase buys FEATURE_DAYS of it): its featured tool is unfeatured and the
     * member is free again, and may buy again. Null: no end (Pro granted before periods existed).
     */
    pro_until: text("pro_until"),
    /** Bumped on logout and password change: tokens carrying an older version are refused. */
    token_version: integer("token_version").notNull().default(0),
    /** Proved by following a link mailed to the address (accounts older than mail: verified). */
    email_verified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    check("users_role_check", sql`${t.role} in ('user', 'admin')`),
    index("users_pro_until_idx").on(t.pro_until).where(sql`${t.pro_until} IS NOT NULL`),
    check("users_status_check", sql`${t.subscription_status} in ('free', 'pro')`),
  ],
);

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    long_form_content: text("long_form_content").notNull().default(""),
    faq: text("faq", { mode: "json" }).$type<FaqItem[]>().notNull().default(sql`'[]'`),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug)],
);

/**
 * unreachable: failed LINK_FAILURES_TO_FLAG checks in a row; parked: answers with a domain
 * parking page; moved: redirects to another domain.
 */
export const SITE_FLAGS = ["unreachable", "parked", "moved"] as const;
export type SiteFlag = (typeof SITE_FLAGS)[number];

/**
 * Moderation: a member's submission waits as `pending` while moderation is on; `rejected` carries
 * the admin's reason. Only `published` tools are public (db/queries/visibility.ts).
 */
export const TOOL_STATUSES = ["pending", "published", "rejected"] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

export const tools = sqliteTable(
  "tools",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    logo_url: text("logo_url").notNull().default(""),
    website_url: text("website_url").notNull().default(""),
    affiliate_link: text("affiliate_link").notNull().default(""),
    video_url: text("video_url").notNull().default(""),
    screenshots: text("screenshots", { mode: "json" }).$type<Screenshot[]>().notNull().default(sql`'[]'`),
    pros_cons: text("pros_cons", { mode: "json" }).$type<ProsCons>().notNull().default(sql`'{"pros":[],"cons":[]}'`),
    faq: text("faq", { mode: "json" }).$type<FaqItem[]>().notNull().default(sql`'[]'`),
    category_id: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    pricing_type: text("pricing_type", { enum: PRICING_TYPES }).notNull().default("free"),
    is_featured: integer("is_featured", { mode: "boolean" }).notNull().default(false),
    /**
     * Featured by its owner under the Pro rule (one at a time), as opposed to by an admin, who
     * may feature any number of tools. Reset whenever the tool stops being featured (trigger).
     */
    owner_featured: integer("owner_featured", { mode: "boolean" }).notNull().default(false),
    /** When its featuring ends by itself (its owner's Pro period, or a date an admin set); null: never. */
    featured_until: text("featured_until"),
    /** The `featured_until` its owner was mailed "ends in 3 days" about (one reminder per end). */
    featuring_reminder_for: text("featuring_reminder_for"),
    /** Its maker proved they run its website (tool_claims) and owns the listing. */
    is_verified: integer("is_verified", { mode: "boolean" }).notNull().default(false),
    /** What the link checker found wrong with its website (link_checks), or null when it is fine. */
    site_flag: text("site_flag", { enum: SITE_FLAGS }),
    status: text("status", { enum: TOOL_STATUSES }).notNull().default("published"),
    /** Why an admin rejected it; null unless rejected. */
    rejection_reason: text("rejection_reason"),
    /** When its owner paid for review first (a Pro purchase while it waited): the queue leads with it. */
    review_priority_at: text("review_priority_at"),
    saves_count: integer("saves_count").notNull().default(0),
    affiliate_clicks: integer("affiliate_clicks").notNull().default(0),
    avg_rating: real("avg_rating").notNull().default(0),
    review_count: integer("review_count").notNull().default(0),
    submitted_by: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    // Also tools_slug_suffix_idx, an index on expressions (migration 0004): see freeSlug.
    // Also tools_name_prefix_idx, on name COLLATE NOCASE for published tools (migration 0025): suggestions.
    uniqueIndex("tools_slug_unique").on(t.slug),
    // Status last: the public listing filters on it from the index, in the index's order.
    index("tools_listing_idx").on(t.is_featured, t.saves_count, t.id, t.status),
    index("tools_category_idx").on(t.category_id, t.pricing_type),
    // Counts each category's public tools from the index alone (the category list, on most pages).
    index("tools_category_status_idx").on(t.category_id, t.status),
    // Covers what search ranking reads of each match (featured flag and filters): a search that
    // matches thousands of tools then never reads their rows, only the page's.
    index("tools_search_idx").on(t.id, t.is_featured, t.category_id, t.pricing_type, t.status),
    // The moderation queue: tools waiting for review (or rejected), newest first.
    index("tools_moderation_idx").on(t.status, t.created_at).where(sql`${t.status} <> 'published'`),
    index("tools_review_priority_idx").on(t.review_priority_at).where(sql`${t.review_priority_at} IS NOT NULL`),
    index("tools_pricing_idx").on(t.pricing_type),
    index("tools_submitted_by_idx").on(t.submitted_by),
    // The features that end, for the minute-by-minute check (jobs/feature-periods.ts).
    index("tools_featured_until_idx").on(t.featured_until).where(sql`${t.featured_until} IS NOT NULL`),
    // A member features one tool at a time (SPEC §4, §9), whichever process takes the write.
    uniqueIndex("tools_one_owner_featured")
      .on(t.submitted_by)
      .where(sql`${t.is_featured} = 1 AND ${t.owner_featured} = 1`),
    check("tools_pricing_check", sql`${t.pricing_type} in (${sql.raw(PRICING_TYPES.map((p) => `'${p}'`).join(", "))})`),
  ],
);

/**
 * A member's edit of a published tool's reviewed fields (REVIEWED_FIELDS in
 * db/queries/revisions.ts), waiting for an admin while the live listing stays as approved
 * (decision 015). `changes` holds the proposed values; one pending revision per tool.
 */
export const REVISION_STATUSES = ["pending", "approved", "rejected"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

export const toolRevisions = sqliteTable(
  "tool_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    submitted_by: integer("submitted_by").references(() => users.id, { onDelete: "set null" }),
    changes: text("changes", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: REVISION_STATUSES }).notNull().default("pending"),
    /** Why an admin rejected it; null unless rejected. */
    reason: text("reason"),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    // One pending revision per tool, whichever process writes it; also the queue's index.
    uniqueIndex("tool_revisions_one_pending").on(t.tool_id).where(sql`${t.status} = 'pending'`),
    index("tool_revisions_status_idx").on(t.status, t.created_at),
    check("tool_revisions_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const saves = sqliteTable(
  "saves",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.tool_id] }), index("saves_tool_idx").on(t.tool_id)],
);

export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    comment: text("comment").notNull().default(""),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("reviews_tool_user_unique").on(t.tool_id, t.user_id),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

export const articles = sqliteTable(
  "articles",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    excerpt: text("excerpt").notNull().default(""),
    content: text("content").notNull().default(""),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("draft"),
    is_template: integer("is_template", { mode: "boolean" }).notNull().default(false),
    /** Set on articles generated from a template, with the keyword that generated them. */
    template_id: integer("template_id"),
    keyword: text("keyword"),
    featured_image: text("featured_image").notNull().default(""),
    meta_title: text("meta_title").notNull().default(""),
    meta_description: text("meta_description").notNull().default(""),
    published_at: text("published_at"),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    // Also articles_slug_suffix_idx, an index on expressions (migration 0004): see freeSlug.
    uniqueIndex("articles_slug_unique").on(t.slug),
    uniqueIndex("articles_template_keyword_unique").on(t.template_id, t.keyword),
    index("articles_status_idx").on(t.status, t.published_at),
    check("articles_status_check", sql`${t.status} in ('draft', 'published')`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    session_id: text("session_id").notNull(),
    /** Null once the member deleted their account: the payment stays for the accounts. */
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    package_id: text("package_id").notNull(),
    amount_cents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("usd"),
    /** The Stripe payment a refund names; null for payments recorded before refunds. */
    payment_intent: text("payment_intent"),
    refunded_cents: integer("refunded_cents").notNull().default(0),
    /** The tool a fast-track review was paid for; null for other products. */
    tool_id: integer("tool_id").references(() => tools.id, { onDelete: "set null" }),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("payments_session_unique").on(t.session_id),
    index("payments_tool_idx").on(t.tool_id).where(sql`${t.tool_id} IS NOT NULL`),
    index("payments_user_idx").on(t.user_id).where(sql`${t.user_id} IS NOT NULL`),
    // One fast-track review paid (and not refunded) per tool: a second payment is refunded.
    uniqueIndex("payments_fast_track_tool_unique")
      .on(t.tool_id)
      .where(sql`${t.package_id} = 'fast_track' AND ${t.tool_id} IS NOT NULL AND ${t.refunded_cents} = 0`),
  ],
);

/** The price the admin sets for each product sold at one price (sponsor weeks are priced per placement). */
export const productPrices = sqliteTable(
  "product_prices",
  {
    product: text("product", { enum: PRICED_PRODUCTS }).primaryKey(),
    price_cents: integer("price_cents").notNull(),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    check("product_prices_product_check", sql`${t.product} in ('pro', 'fast_track')`),
    check("product_prices_price_check", sql`${t.price_cents} between 50 and 10000000`),
  ],
);

/**
 * A member's open checkout, one at a time: taken before the session is created (so two requests
 * at once cannot both open one), ended by its payment, its expiry or the session expiring.
 */
export const openCheckouts = sqliteTable("open_checkouts", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Null while the session is being created. */
  session_id: text("session_id"),
  expires_at: text("expires_at").notNull(),
});

/**
 * Each member's budget of tool and review writes (WRITE_RATE_LIMIT per WRITE_RATE_WINDOW_MS):
 * one row per member, shared by every server process.
 */
export const writeBudgets = sqliteTable("write_budgets", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Start of the current window, in ms since the epoch. */
  window_start: integer("window_start").notNull(),
  used: integer("used").notNull(),
});

/** One row per site build: what the admin dashboard shows. */
export const builds = sqliteTable("builds", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  reason: text("reason").notNull().default(""),
  started_at: text("started_at").notNull(),
  finished_at: text("finished_at"),
  duration_ms: integer("duration_ms"),
  pages: integer("pages"),
  outcome: text("outcome", { enum: ["running", "ok", "failed"] }).notNull(),
  error: text("error"),
});

/**
 * Small key/value state shared by every server process: the rebuild lock, the database's id and
 * its content version (migration 0005: triggers draw a new one on every write to what pages show;
 * a column added to `tools` that pages show belongs in `tools_content_update`).
 */
export const siteState = sqliteTable("site_state", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updated_at: text("updated_at").notNull().default(now),
});

/**
 * Admin-managed search synonyms: a query word `term` also matches `expands_to` (one or more
 * words), so "picture" finds image tools. Applied at query time (db/queries/search.ts).
 */
export const synonyms = sqliteTable(
  "synonyms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    term: text("term").notNull(),
    expands_to: text("expands_to").notNull(),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("synonyms_term_expansion_unique").on(t.term, t.expands_to)],
);

/** Tags narrow the directory across categories (many-to-many with tools through tool_tags). */
export const tags = sqliteTable(
  "tags",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("tags_slug_unique").on(t.slug), uniqueIndex("tags_name_unique").on(sql`lower(${t.name})`)],
);

export const toolTags = sqliteTable(
  "tool_tags",
  {
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    tag_id: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tool_id, t.tag_id] }), index("tool_tags_tag_idx").on(t.tag_id, t.tool_id)],
);

/**
 * Slugs a record used to have: a renamed tool, category, tag or article keeps its old links,
 * which answer 301 to the record's current slug (static site and API by slug).
 */
export const slugRedirects = sqliteTable(
  "slug_redirects",
  {
    kind: text("kind", { enum: SLUG_KINDS }).notNull(),
    old_slug: text("old_slug").notNull(),
    target_id: integer("target_id").notNull(),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.old_slug] }),
    index("slug_redirects_target_idx").on(t.kind, t.target_id),
    check("slug_redirects_kind_check", sql`${t.kind} in (${sql.raw(SLUG_KINDS.map((k) => `'${k}'`).join(", "))})`),
  ],
);

/**
 * Comparison pages the admin picks (/compare/{a}-vs-{b}), with an optional verdict per side.
 * Stored with the smaller id first so a pair exists once.
 */
export const comparisons = sqliteTable(
  "comparisons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_a_id: integer("tool_a_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    tool_b_id: integer("tool_b_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    verdict_a: text("verdict_a").notNull().default(""),
    verdict_b: text("verdict_b").notNull().default(""),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("comparisons_pair_unique").on(t.tool_a_id, t.tool_b_id),
    index("comparisons_b_idx").on(t.tool_b_id),
    check("comparisons_order_check", sql`${t.tool_a_id} < ${t.tool_b_id}`),
  ],
);

/**
 * A member's claim to be a tool's maker: they publish `token` on the tool's website (a meta tag
 * or a /.well-known file) and ask for the check; once verified they own the listing.
 */
export const toolClaims = sqliteTable(
  "tool_claims",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    status: text("status", { enum: ["pending", "verified"] })
      .notNull()
      .default("pending"),
    /** How it was verified: "meta" or "file". */
    method: text("method"),
    last_error: text("last_error"),
    checked_at: text("checked_at"),
    verified_at: text("verified_at"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("tool_claims_tool_user_unique").on(t.tool_id, t.user_id),
    index("tool_claims_user_idx").on(t.user_id),
  ],
);

/** The link checker's last word on each tool's website (jobs/link-checker.ts). */
export const linkChecks = sqliteTable(
  "link_checks",
  {
    tool_id: integer("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** The website URL that was checked: a new URL starts over. */
    url: text("url").notNull().default(""),
    checked_at: text("checked_at"),
    /** When the tool is next due; also claimed ahead while a check runs, so two checkers never overlap. */
    next_check_at: text("next_check_at").notNull(),
    status: integer("status"),
    final_url: text("final_url"),
    /** Failed checks in a row. */
    failures: integer("failures").notNull().default(0),
    error: text("error"),
  },
  (t) => [index("link_checks_due_idx").on(t.next_check_at)],
);

export const REPORT_REASONS = ["broken_link", "wrong_information", "spam_or_scam", "other"] as const;

/**
 * A visitor's "Report this listing": kept for the admin until resolved. No address is stored, only
 * the network it came from (a /24 or /48), so one network holds one open report per reason.
 */
export const reports = sqliteTable(
  "reports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    created_at: text("created_at").notNull().default(now),
    resolved_at: text("resolved_at"),
    /** networkKey() of the sender; "" on reports filed before networks were kept. */
    network: text("network").notNull().default(""),
    /** Further reports of this reason that arrived while the tool's open places were full. */
    repeats: integer("repeats").notNull().default(0),
  },
  (t) => [
    index("reports_status_idx").on(t.status, t.created_at),
    index("reports_tool_idx").on(t.tool_id, t.status),
    uniqueIndex("reports_open_network_unique")
      .on(t.tool_id, t.network, t.reason)
      .where(sql`${t.status} = 'open' AND ${t.network} <> ''`),
    check("reports_reason_check", sql`${t.reason} in (${sql.raw(REPORT_REASONS.map((r) => `'${r}'`).join(", "))})`),
    check("reports_note_check", sql`length(${t.note}) <= 1000`),
  ],
);

export type User = typeof users.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type ToolRow = typeof tools.$inferSelect;
export type Article = typeof articles.$inferSelect;
export type Review = typeof reviews.$inferSelect;
export type Synonym = typeof synonyms.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Comparison = typeof comparisons.$inferSelect;
export type ToolClaim = typeof toolClaims.$inferSelect;
export type Report = typeof reports.$inferSelect;

/**
 * A tool's daily figures for its owner (api/view-counter.ts, docs/decisions/011): one row per tool
 * per UTC day, kept ANALYTICS_RETENTION_DAYS. Counters, not content: no trigger draws a new
 * content version from them, so counting never rebuilds a page.
 */
export const toolDailyStats = sqliteTable(
  "tool_daily_stats",
  {
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** UTC date, YYYY-MM-DD. */
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    saves: integer("saves").notNull().default(0),
    unsaves: integer("unsaves").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tool_id, t.day] }), index("tool_daily_stats_day_idx").on(t.day)],
);

/**
 * Today's view dedup set: 64 bits of HMAC(today's salt, address, user agent, tool id) per visitor
 * and tool, nothing else. Emptied when the day ends, with the salt, so no hash can be linked to a
 * visitor afterwards.
 */
export const viewVisitors = sqliteTable("view_visitors", {
  hash: integer("hash").primaryKey(),
  day: text("day").notNull(),
});

/** The random salt of the current UTC day's view hashes; a past day's is deleted. */
export const analyticsSalts = sqliteTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});

export type ToolDailyStats = typeof toolDailyStats.$inferSelect;

/**
 * The site's own copy of an image a tool names (its logo_url or a screenshot's url), converted
 * to WebP at the widths the pages use and stored under MEDIA_DIR by content hash (media/images.ts).
 * A URL is fetched by the background job (jobs/image-fetcher.ts); an uploaded file's row is made
 * ready at once under its own local URL. A tool that names a new URL gets a new row.
 */
export const images = sqliteTable(
  "images",
  {
    /** The URL a tool names: the original's (http/https), or /media/... for an upload. */
    source_url: text("source_url").primaryKey(),
    /** The content hash of the last good copy (its files are /media/{hash}-{width}.webp); null: none yet. */
    hash: text("hash"),
    /** The original's size in pixels (its aspect ratio for width/height attributes). */
    width: integer("width"),
    height: integer("height"),
    /** The image's dominant colour, painted while it loads. */
    color: text("color"),
    /** The widths stored, ascending. */
    widths: text("widths", { mode: "json" }).$type<number[]>().notNull().default(sql`'[]'`),
    original_bytes: integer("original_bytes"),
    stored_bytes: integer("stored_bytes"),
    /** Failed fetches in a row (a refresh that fails keeps the last good copy). */
    failures: integer("failures").notNull().default(0),
    error: text("error"),
    fetched_at: text("fetched_at"),
    /** When the URL is next fetched; also claimed ahead while a fetch runs. Null: never (uploads). */
    next_fetch_at: text("next_fetch_at"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    index("images_due_idx").on(t.next_fetch_at).where(sql`${t.next_fetch_at} IS NOT NULL`),
    // The media sweep asks which stored files a row still names.
    index("images_hash_idx").on(t.hash).where(sql`${t.hash} IS NOT NULL`),
  ],
);

/**
 * Every message the site sends, written in the same transaction as the change that causes it and
 * delivered by jobs/mail-sender.ts. A row in "sending" is leased until `lease_until`; a lease that
 * ran out (a crashed sender) is claimed again and sent with the same Message-ID.
 */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    /** The template's data; null once a one-time link in it is no longer needed. */
    data: text("data", { mode: "json" }).$type<unknown>(),
    /** A MailList (may be unsubscribed), or null: transactional. */
    list: text("list"),
    user_id: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "sending", "sent", "failed", "suppressed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: text("next_attempt_at").notNull().default(now),
    lease_until: text("lease_until"),
    last_error: text("last_error"),
    message_id: text("message_id"),
    created_at: text("created_at").notNull().default(now),
    sent_at: text("sent_at"),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'suppressed')`),
    index("mail_outbox_due_idx").on(t.next_attempt_at).where(sql`${t.status} in ('queued', 'sending')`),
    index("mail_outbox_to_idx").on(t.to, t.created_at),
    index("mail_outbox_user_idx").on(t.user_id, t.created_at),
    index("mail_outbox_created_idx").on(t.created_at),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/** Addresses that get no mail of a list ("*": none at all, after a hard bounce or a complaint). */
export const mailSuppressions = sqliteTable(
  "mail_suppressions",
  {
    email: text("email").notNull(),
    list: text("list").notNull(),
    reason: text("reason", { enum: ["unsubscribed", "bounced", "complained"] }).notNull(),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.list] }),
    check("mail_suppressions_reason_check", sql`${t.reason} in ('unsubscribed', 'bounced', 'complained')`),
  ],
);

/** One-time links mailed to a member: only a SHA-256 of the token is kept. */
export const authTokens = sqliteTable(
  "auth_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: ["reset", "verify", "email_change"] }).notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull(),
    /** The address an email_change token moves the account to. */
    new_email: text("new_email"),
    expires_at: text("expires_at").notNull(),
    used_at: text("used_at"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    check("auth_tokens_purpose_check", sql`${t.purpose} in ('reset', 'verify', 'email_change')`),
    uniqueIndex("auth_tokens_hash_unique").on(t.token_hash),
    index("auth_tokens_user_idx").on(t.user_id, t.purpose),
    index("auth_tokens_expires_idx").on(t.expires_at),
  ],
);

/** Stripe events handled, by id: a webhook delivered twice (a retry, a replay) is handled once. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  received_at: text("received_at").notNull().default(now),
});

/** A place a sponsor can be shown, sold by the week; `capacity` sponsors run in it at once. */
export const sponsorPlacements = sqliteTable(
  "sponsor_placements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: SPONSOR_KINDS }).notNull(),
    /** The category whose page shows it (category_top only). */
    category_id: integer("category_id").references(() => categories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    weekly_price_cents: integer("weekly_price_cents").notNull(),
    capacity: integer("capacity").notNull().default(1),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    check(
      "sponsor_placements_kind_check",
      sql`${t.kind} in ('home_top', 'category_top', 'tool_sidebar', 'search_top', 'newsletter')`,
    ),
    check("sponsor_placements_category_check", sql`(${t.kind} = 'category_top') = (${t.category_id} IS NOT NULL)`),
    check("sponsor_placements_price_check", sql`${t.weekly_price_cents} between 50 and 10000000`),
    check("sponsor_placements_capacity_check", sql`${t.capacity} between 1 and 10`),
    uniqueIndex("sponsor_placements_kind_category_unique").on(t.kind, sql`coalesce(${t.category_id}, 0)`),
  ],
);

/**
 * One week of one placement bought (or being bought) by a member. A booking holding a place has
 * a `seat` (1..capacity, a trigger checks the upper bound): the unique seat index is what keeps
 * two buyers out of one full week. Unpaid holds lapse at `hold_until`.
 */
export const sponsorBookings = sqliteTable(
  "sponsor_bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    placement_id: integer("placement_id")
      .notNull()
      .references(() => sponsorPlacements.id, { onDelete: "restrict" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tool_id: integer("tool_id").references(() => tools.id, { onDelete: "set null" }),
    title: text("title"),
    body: text("body"),
    image_url: text("image_url"),
    url: text("url"),
    /** The Monday (UTC) the week starts, YYYY-MM-DD. */
    week_start: text("week_start").notNull(),
    seat: integer("seat"),
    status: text("status", {
      enum: ["unpaid", "pending", "approved", "rejected", "expired", "refund_due", "refunded"],
    }).notNull(),
    session_id: text("session_id"),
    hold_until: text("hold_until"),
    amount_cents: integer("amount_cents").notNull(),
    /** Shown on the pages now: set and cleared by the sponsor-weeks job only. */
    live: integer("live", { mode: "boolean" }).notNull().default(false),
    impressions: integer("impressions").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    reject_reason: text("reject_reason"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    check(
      "sponsor_bookings_status_check",
      sql`${t.status} in ('unpaid', 'pending', 'approved', 'rejected', 'expired', 'refund_due', 'refunded')`,
    ),
    check("sponsor_bookings_seat_check", sql`${t.seat} IS NULL OR ${t.seat} >= 1`),
    uniqueIndex("sponsor_bookings_seat_unique")
      .on(t.placement_id, t.week_start, t.seat)
      .where(sql`${t.seat} IS NOT NULL`),
    index("sponsor_bookings_session_idx").on(t.session_id),
    index("sponsor_bookings_user_idx").on(t.user_id),
    index("sponsor_bookings_week_idx").on(t.week_start, t.status),
  ],
);

/**
 * A tool's deal (one at a time): a discount code or an offer link, never both (lib/deals.ts).
 * The deal-expiry job deletes it once `ends_at` has passed, re-rendering the pages showing it.
 */
export const deals = sqliteTable(
  "deals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tool_id: integer("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    code: text("code"),
    url: text("url"),
    description: text("description").notNull(),
    ends_at: text("ends_at").notNull(),
    created_by: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    created_at: text("created_at").notNull().default(now),
    updated_at: text("updated_at").notNull().default(now),
  },
  (t) => [
    check("deals_code_or_url_check", sql`(${t.code} IS NULL) <> (${t.url} IS NULL)`),
    check("deals_code_check", sql`${t.code} IS NULL OR length(${t.code}) between 1 and 64`),
    check("deals_description_check", sql`length(${t.description}) between 1 and 280`),
    uniqueIndex("deals_tool_unique").on(t.tool_id),
    index("deals_ends_idx").on(t.ends_at),
  ],
);

/** Newsletter addresses: pending until the mailed link is followed (double opt-in), then confirmed. */
export const newsletterSubscribers = sqliteTable(
  "newsletter_subscribers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Lower-cased. */
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed"] })
      .notNull()
      .default("pending"),
    /** SHA-256 of the confirmation link's token; null once confirmed. */
    token_hash: text("token_hash"),
    token_expires_at: text("token_expires_at"),
    created_at: text("created_at").notNull().default(now),
    confirmed_at: text("confirmed_at"),
  },
  (t) => [
    check("newsletter_subscribers_status_check", sql`${t.status} in ('pending', 'confirmed')`),
    uniqueIndex("newsletter_subscribers_email_unique").on(t.email),
    uniqueIndex("newsletter_subscribers_token_unique").on(t.token_hash),
    index("newsletter_subscribers_pending_idx").on(t.token_expires_at).where(sql`${t.status} = 'pending'`),
  ],
);

export type NewsletterIssueContent = {
  tools: { name: string; slug: string; description: string }[];
  popular: { name: string; slug: string; description: string; saves_count: number }[];
  articles: { title: string; slug: string; excerpt: string }[];
  /** The newsletter sponsors of the week the issue went out, kept as they were (set when sending starts). */
  sponsors?: NewsletterSponsor[];
};

/** A sponsor an issue carried: its booking (for the counted click link), title, text and image. */
export type NewsletterSponsor = { id: number; title: string; body: string; image_url: string | null };

/**
 * One weekly digest. Sending pages through confirmed subscribers in id order: each batch's
 * outbox rows and the new `cursor` (the last subscriber id queued) commit together, so a crash
 * resumes after the last committed batch and nobody is queued twice.
 */
export const newsletterIssues = sqliteTable(
  "newsletter_issues",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Its number in the archive (/newsletter/{n}); given when sending starts. */
    number: integer("number"),
    /** The ISO week it covers (one issue per week), e.g. 2026-W48. */
    week: text("week").notNull(),
    subject: text("subject").notNull(),
    intro: text("intro").notNull().default(""),
    content: text("content", { mode: "json" }).$type<NewsletterIssueContent>().notNull(),
    status: text("status", { enum: ["draft", "scheduled", "sending", "sent"] })
      .notNull()
      .default("draft"),
    scheduled_at: text("scheduled_at"),
    cursor: integer("cursor").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    sent_at: text("sent_at"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [
    check("newsletter_issues_status_check", sql`${t.status} in ('draft', 'scheduled', 'sending', 'sent')`),
    uniqueIndex("newsletter_issues_number_unique").on(t.number),
    uniqueIndex("newsletter_issues_week_unique").on(t.week),
  ],
);

export type NewsletterIssue = typeof newsletterIssues.$inferSelect;

/** Admins' opt-in to the admin lists (member lists are on unless suppressed). */
export const mailOptIns = sqliteTable(
  "mail_opt_ins",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.list] })],
);

/**
 * A member's key to the public read API and /mcp: a higher quota than anonymous use. Only the
 * key's SHA-256 is kept (the key is shown once, at creation); `prefix` is what lists show of it.
 * Usage is counted in batches (api/middleware/api-keys.ts), so `request_count` may trail by a minute.
 */
export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    key_hash: text("key_hash").notNull(),
    request_count: integer("request_count").notNull().default(0),
    last_used_at: text("last_used_at"),
    revoked_at: text("revoked_at"),
    created_at: text("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("api_keys_key_hash_unique").on(t.key_hash), index("api_keys_user_idx").on(t.user_id)],
);
