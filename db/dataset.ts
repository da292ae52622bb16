import { rmSync } from "node:fs";
import type { Client, InStatement } from "@libsql/client";
import { slugify, toolSlugBase } from "../lib/slug";
import { migrateDb, openDb } from "./client";

/**
 * Tags on the generated tools: 120 tags (kind x what), one to four per tool, a few tags on
 * thousands of tools and most on a few hundred. Drawn from their own sequence, so the rest of
 * the dataset is the same with or without them.
 */
async function generateTags(client: Client, tools: number, seed: number) {
  let s = (seed ^ 0x5bd1e995) >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const kinds = ["Text", "Image", "Video", "Audio", "Code", "Data", "Chat", "Voice", "3D", "Design"];
  const what = [
    "generation",
    "editing",
    "analysis",
    "automation",
    "search",
    "translation",
    "summaries",
    "collaboration",
    "API",
    "open source",
    "mobile",
    "browser extension",
  ];
  const names = kinds.flatMap((k) => what.map((w) => `${k} ${w}`));
  await client.batch(
    names.map((name, i) => ({
      sql: "INSERT INTO tags (id, slug, name) VALUES (?, ?, ?)",
      args: [i + 1, slugify(name), name],
    })),
    "write",
  );
  for (let start = 1; start <= tools; start += 2000) {
    const rows: InStatement[] = [];
    for (let id = start; id < Math.min(start + 2000, tools + 1); id++) {
      const count = 1 + Math.floor(rand() * 4);
      for (let k = 0; k < count; k++) {
        const tag = 1 + Math.floor(names.length * rand() * rand());
        rows.push({ sql: "INSERT OR IGNORE INTO tool_tags (tool_id, tag_id) VALUES (?, ?)", args: [id, tag] });
      }
    }
    await client.batch(rows, "write");
  }
}

/**
 * Generates a realistic directory of `tools` tools (categories, users, reviews, saves, FAQs,
 * screenshots, articles) into its own database file, deterministically from `seed`.
 */
export async function generateDataset({ path, tools, seed }: { path: string; tools: number; seed: number }) {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  const db = await openDb({ url: `file:${path}` });
  await migrateDb(db);
  const client = db.$client;
  await client.execute("PRAGMA synchronous = OFF");
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;

  const categoryNames = [
    "Writing",
    "Image Generation",
    "Video",
    "Audio & Voice",
    "Coding",
    "Productivity",
    "Research",
    "Design",
    "Marketing & SEO",
    "Data & Analytics",
    "Music",
    "Education",
    "Chatbots",
    "Sales",
    "Customer Support",
    "Finance",
    "Legal",
    "Healthcare",
    "HR & Recruiting",
    "3D & Gaming",
  ];
  const categoryStatements: InStatement[] = categoryNames.map((name, i) => ({
    sql: "INSERT INTO categories (id, slug, name, description, long_form_content, faq) VALUES (?, ?, ?, ?, ?, ?)",
    args: [
      i + 1,
      slugify(name),
      name,
      `AI tools for ${name.toLowerCase()}.`,
      `## ${name} with AI\n\nCompare the best ${name.toLowerCase()} tools.`,
      JSON.stringify([
        { question: `What are ${name} AI tools?`, answer: "Software that uses AI models to help.", order: 1 },
      ]),
    ],
  }));
  await client.batch(categoryStatements, "write");

  const users = Math.max(10, Math.ceil(tools / 20));
  const userRows: InStatement[] = [];
  for (let u = 1; u <= users; u++) {
    userRows.push({
      sql: "INSERT INTO users (id, email, password_hash, subscription_status) VALUES (?, ?, 'scrypt$locked', ?)",
      args: [u, `user${u}@dataset.example`, u % 25 === 0 ? "pro" : "free"],
    });
  }
  await client.batch(userRows, "write");

  const prefixes = [
    "Smart",
    "Auto",
    "Neural",
    "Deep",
    "Quick",
    "Bright",
    "Hyper",
    "Meta",
    "Open",
    "Clear",
    "Swift",
    "Nova",
  ];
  const nouns = [
    "Writer",
    "Canvas",
    "Studio",
    "Pilot",
    "Mind",
    "Flow",
    "Lens",
    "Forge",
    "Voice",
    "Coder",
    "Scribe",
    "Vision",
  ];
  const verbs = [
    "writes",
    "designs",
    "summarises",
    "translates",
    "analyses",
    "generates",
    "edits",
    "transcribes",
    "automates",
  ];
  const objects = [
    "blog posts",
    "images",
    "videos",
    "meeting notes",
    "code",
    "spreadsheets",
    "podcasts",
    "emails",
    "slides",
  ];
  const pricing = ["free", "freemium", "paid", "free trial"] as const;
  const batchSize = 2000;
  for (let start = 1; start <= tools; start += batchSize) {
    const rows: InStatement[] = [];
    for (let id = start; id < Math.min(start + batchSize, tools + 1); id++) {
      const name = `${pick(prefixes)}${pick(nouns)} ${id}`;
      const description = `${name} ${pick(verbs)} ${pick(objects)} and ${pick(verbs)} ${pick(objects)} for teams. It offers **templates**, integrations and an API.`;
      const reviews = Math.floor(rand() * 6);
      rows.push({
        sql: `INSERT INTO tools (id, slug, name, description, website_url, logo_url, category_id, pricing_type, is_featured,
                saves_count, affiliate_clicks, avg_rating, review_count, submitted_by, faq, screenshots, pros_cons, created_at)
              VALUES (?, ?, ?, ?, ?, '', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        args: [
          id,
          toolSlugBase(name),
          name,
          description,
          `https://tool${id}.example.com`,
          1 + Math.floor(rand() * categoryNames.length),
          pick(pricing),
          id % 500 === 0 ? 1 : 0,
          Math.floor(rand() * rand() * 500),
          Math.floor(rand() * 1000),
          reviews ? Math.round((2.5 + rand() * 2.5) * 10) / 10 : 0,
          reviews,
          1 + Math.floor(rand() * users),
          JSON.stringify([
            { question: `Is ${name} free?`, answer: "It has a free tier.", order: 1 },
            { question: `Does ${name} have an API?`, answer: "Yes.", order: 2 },
          ]),
          JSON.stringify(
            id % 10 === 0 ? [{ url: `https://tool${id}.example.com/shot.png`, alt_text: `${name} screenshot` }] : [],
          ),
          JSON.stringify({ pros: ["Fast", "Easy to start"], cons: ["Limited free plan"] }),
          new Date(Date.UTC(2025, 0, 1) + id * 60_000).toISOString(),
        ],
      });
      for (let r = 0; r < Math.min(reviews, 2); r++) {
        rows.push({
          sql: "INSERT OR IGNORE INTO reviews (tool_id, user_id, rating, comment) VALUES (?, ?, ?, ?)",
          args: [id, 1 + ((id + r * 7) % users), 1 + Math.floor(rand() * 5), "Useful for our team."],
        });
      }
    }
    await client.batch(rows, "write");
  }
  await generateTags(client, tools, seed);
  const articles: InStatement[] = [];
  for (let a = 1; a <= Math.min(200, Math.ceil(tools / 100)); a++) {
    articles.push({
      sql: "INSERT INTO articles (slug, title, excerpt, content, status, published_at) VALUES (?, ?, ?, ?, 'published', ?)",
      args: [
        `guide-${a}`,
        `Guide ${a}: choosing AI tools`,
        "A practical guide.",
        "## Why\n\nBecause.",
        new Date(Date.UTC(2026, 0, 1) + a * 86_400_000).toISOString(),
      ],
    });
  }
  await client.batch(articles, "write");
  await client.execute("PRAGMA optimize");
  // Everything into the main file, so the database is one self-contained file to copy.
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  db.$client.close();
}
