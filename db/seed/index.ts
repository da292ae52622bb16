import type { InStatement } from "@libsql/client";
import { count } from "drizzle-orm";
import pLimit from "p-limit";
import { DEMO_ACCOUNTS } from "../../lib/demo";
import { renumberFaq } from "../../lib/faq";
import { toolSlugBase } from "../../lib/slug";
import type { Db } from "../client";
import { tagSlugBase } from "../queries/tags";
import {
  categories as categoriesTable,
  sponsorPlacements as sponsorPlacementsTable,
  synonyms as synonymsTable,
  tags as tagsTable,
  tools as toolsTable,
  toolTags as toolTagsTable,
  users,
} from "../schema";
import { demoCover, demoLogo, demoScreenshots, type ImageStore } from "./artwork";
import { seedComparisons } from "./comparisons";
import { articles, categories, reviews, synonyms, tags, tools, toolTags } from "./data";

/** Deterministic pseudo-random numbers, so every fresh demo looks the same. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const withOrder = (faq: { question: string; answer: string }[]) => renumberFaq(faq, "position");

export type DemoAccounts = { email: string; password: string; role: string }[];

/**
 * Seeds the demo directory once: categories, tools, owners with one featured tool each, reviews,
 * saves and articles. Does nothing when categories already exist, so every start can call it.
 * `hash` turns a password into a stored hash (the API's KDF); demo sign-ins are only created
 * when `demoPassword` is given, which callers take from `demoPasswordFor` (never in production).
 */
export async function seed(
  db: Db,
  hash: (password: string) => Promise<string>,
  demoPassword: string | null,
  options: { images?: ImageStore } = {},
): Promise<{ seeded: boolean; accounts: DemoAccounts }> {
  const existing = await db.select({ n: count() }).from(categoriesTable).get();
  if ((existing?.n ?? 0) > 0) return { seeded: false, accounts: [] };
  // Logos, screenshots and article covers are the demo's own, generated (db/seed/artwork.ts); without an image
  // store the tools have none (the pages show monograms and no gallery).
  const { images } = options;
  const pictures = new Map<string, { logo: string; screenshots: { url: string; alt_text: string }[] }>();
  if (images) {
    const limit = pLimit(2);
    await Promise.all(
      tools.map((t) =>
        limit(async () => {
          pictures.set(t.name, {
            logo: await demoLogo(db, images, t.name),
            screenshots: await demoScreenshots(db, images, t.name, t.category, t.screenshots ?? []),
          });
        }),
      ),
    );
  }
  const covers = new Map<string, string>();
  if (images) for (const a of articles) covers.set(a.slug, await demoCover(db, images, a.title));
  const rand = random(42);
  const accounts: DemoAccounts = [];

  // Reviewers and owners never sign in: one hash of a random password serves them all.
  const lockedHash = await hash(crypto.randomUUID());
  const demoHash = demoPassword ? await hash(demoPassword) : lockedHash;
  const insertUser = async (email: string, role: "user" | "admin", pro: boolean, passwordHash: string) => {
    const [row] = await db
      .insert(users)
      // Seeded accounts are the site's own: their addresses count as confirmed.
      .values({
        email,
        role,
        subscription_status: pro ? "pro" : "free",
        password_hash: passwordHash,
        email_verified: true,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return row?.id ?? null;
  };

  await db.transaction(async (tx) => {
    const catIds = new Map<string, number>();
    for (const c of categories) {
      const [row] = await tx
        .insert(categoriesTable)
        .values({ ...c, faq: withOrder(c.faq) })
        .returning({ id: categoriesTable.id });
      if (row) catIds.set(c.slug, row.id);
    }
    const baseTime = Date.parse("2026-09-01T09:00:00Z");
    let i = 0;
    for (const t of tools) {
      await tx.insert(toolsTable).values({
        slug: toolSlugBase(t.name),
        name: t.name,
        description: t.description,
        website_url: t.website_url,
        logo_url: pictures.get(t.name)?.logo ?? "",
        affiliate_link: t.affiliate_link ?? "",
        video_url: t.video_url ?? "",
        screenshots: pictures.get(t.name)?.screenshots ?? [],
        pros_cons: { pros: t.pros, cons: t.cons },
        faq: withOrder(t.faq),
        category_id: catIds.get(t.category) ?? null,
        pricing_type: t.pricing_type,
        created_at: new Date(baseTime + i++ * 3_600_000 * 19).toISOString(),
      });
    }
  });

  await db
    .insert(synonymsTable)
    .values(synonyms.map(([term, expands_to]) => ({ term, expands_to })))
    .onConflictDoNothing();

  const toolRows = await db.select({ id: toolsTable.id, name: toolsTable.name }).from(toolsTable).all();
  const toolId = new Map(toolRows.map((t) => [t.name, t.id]));

  const tagRows = await db
    .insert(tagsTable)
    .values(tags.map((t) => ({ ...t, slug: tagSlugBase(t.name) })))
    .returning({ id: tagsTable.id, name: tagsTable.name });
  const tagId = new Map(tagRows.map((t) => [t.name, t.id]));
  const tagged = Object.entries(toolTags).flatMap(([tool, names]) =>
    names.flatMap((name) => {
      const tool_id = toolId.get(tool);
      const tag_id = tagId.get(name);
      return tool_id && tag_id ? [{ tool_id, tag_id }] : [];
    }),
  );
  if (tagged.length) await db.insert(toolTagsTable).values(tagged).onConflictDoNothing();

  // Featured owners: each Pro member owns a couple of tools and features exactly one.
  const owners = ["studio@example.com", "labs@example.com", "makers@example.com"];
  for (const [n, email] of owners.entries()) {
    const ownerId = await insertUser(email, "user", true, lockedHash);
    const owned = toolRows.slice(n * 7, n * 7 + 2);
    for (const [k, t] of owned.entries()) {
      await db.$client.execute({
        sql: "UPDATE tools SET submitted_by = ?, is_featured = ?, owner_featured = ? WHERE id = ?",
        args: [ownerId, k === 0 ? 1 : 0, k === 0 ? 1 : 0, t.id],
      });
    }
  }
  if (demoPassword) {
    let memberId: number | null = null;
    for (const demo of DEMO_ACCOUNTS) {
      const id = await insertUser(demo.email, demo.role, false, demoHash);
      if (demo.role === "user") memberId = id;
      accounts.push({ email: demo.email, password: demoPassword, role: demo.role === "admin" ? "admin" : "member" });
    }
    const mine = toolRows.at(-1);
    if (mine)
      await db.$client.execute({ sql: "UPDATE tools SET submitted_by = ? WHERE id = ?", args: [memberId, mine.id] });
  }

  // Reviews from distinct reviewers; a tool's rating figures follow from them.
  const reviewerIds: number[] = [];
  for (let n = 1; n <= 40; n++) {
    const id = await insertUser(`reviewer${n}@example.com`, "user", false, lockedHash);
    if (id) reviewerIds.push(id);
  }
  const perTool = new Map<number, number>();
  const statements: InStatement[] = [];
  for (const r of reviews) {
    const id = toolId.get(r.tool);
    if (!id) continue;
    const k = perTool.get(id) ?? 0;
    perTool.set(id, k + 1);
    const reviewer = reviewerIds[(id * 7 + k * 13) % reviewerIds.length];
    if (reviewer == null) continue;
    const date = new Date(Date.parse("2026-10-01T12:00:00Z") + Math.floor(rand() * 50) * 86_400_000).toISOString();
    statements.push({
      sql: "INSERT OR IGNORE INTO reviews (tool_id, user_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)",
      args: [id, reviewer, r.rating, r.comment, date],
    });
  }
  // Saves: popular tools are saved by more reviewers.
  for (const t of toolRows) {
    const saves = Math.floor(rand() * rand() * reviewerIds.length);
    for (const reviewer of reviewerIds.slice(0, saves)) {
      statements.push({ sql: "INSERT OR IGNORE INTO saves (user_id, tool_id) VALUES (?, ?)", args: [reviewer, t.id] });
    }
  }
  statements.push({
    sql: `UPDATE tools SET
      avg_rating = coalesce((SELECT avg(rating) FROM reviews r WHERE r.tool_id = tools.id), 0),
      review_count = (SELECT count(*) FROM reviews r WHERE r.tool_id = tools.id),
      saves_count = (SELECT count(*) FROM saves s WHERE s.tool_id = tools.id)`,
    args: [],
  });
  for (const a of articles) {
    statements.push({
      sql: `INSERT INTO articles (slug, title, excerpt, content, status, meta_title, meta_description, published_at, created_at, featured_image)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        a.slug,
        a.title,
        a.excerpt,
        a.content,
        a.status,
        a.meta_title ?? "",
        a.meta_description ?? "",
        a.status === "published" ? (a.published_at ?? "2026-10-01T09:00:00.000Z") : null,
        a.published_at ?? "2026-11-01T09:00:00.000Z",
        covers.get(a.slug) ?? "",
      ],
    });
  }
  await db.$client.batch(statements, "write");
  await seedComparisons(db);
  // The placements a directory sells at first (prices and capacity are the admin's to change),
  // so /advertise has calendars to book from.
  await db.insert(sponsorPlacementsTable).values([
    { kind: "home_top", name: "Home page top", weekly_price_cents: 4900, capacity: 1 },
    { kind: "search_top", name: "Search results top", weekly_price_cents: 2900, capacity: 1 },
    { kind: "tool_sidebar", name: "Tool page sidebar", weekly_price_cents: 2900, capacity: 2 },
    { kind: "newsletter", name: "Weekly newsletter", weekly_price_cents: 9900, capacity: 1 },
  ]);
  return { seeded: true, accounts };
}
