import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The same-run reference for the build figures: a minimal Astro project, made here in a temp
 * folder on the installed astro, with static output and one dynamic route whose getStaticPaths
 * reads the same tools from the same database and renders `pages` pages (tools taken in turn)
 * of about `bytes` of HTML each, with no islands, no layout components and no CSP: what Astro
 * itself does for that output at best on this machine.
 */
export async function astroReference(
  database: string,
  pages: number,
  bytes: number,
): Promise<{ seconds: number; pages: number; meanBytes: number }> {
  const root = mkdtempSync(join(tmpdir(), "astro-reference-"));
  try {
    // The project's own install, as a project of its own would have it.
    symlinkSync(resolve("node_modules"), join(root, "node_modules"), "dir");
    writeFileSync(join(root, "package.json"), JSON.stringify({ name: "astro-reference", type: "module" }));
    writeFileSync(
      join(root, "astro.config.mjs"),
      // The product's build settings that bear on speed: directory output, 16 pages at once.
      `export default { output: "static", build: { format: "directory", concurrency: 16 }, devToolbar: { enabled: false } };\n`,
    );
    mkdirSync(join(root, "src/pages/tool"), { recursive: true });
    writeFileSync(join(root, "src/pages/tool/[slug].astro"), PAGE);
    const started = performance.now();
    await run(process.execPath, [resolve("node_modules/astro/bin/astro.mjs"), "build", "--silent"], root, {
      REFERENCE_DB: `file:${resolve(database)}`,
      REFERENCE_PAGES: String(pages),
      REFERENCE_BYTES: String(bytes),
    });
    const seconds = (performance.now() - started) / 1000;
    let count = 0;
    let total = 0;
    for (const entry of readdirSync(join(root, "dist"), { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
      count++;
      total += statSync(join(entry.parentPath, entry.name)).size;
    }
    return { seconds, pages: count, meanBytes: count ? total / count : 0 };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("exit", (code) => (code === 0 ? done() : fail(new Error(`astro build exited ${code}`))));
  });
}

/** The reference's one route. The description is repeated to bring a page to the wanted size. */
const PAGE = `---
import { createClient } from "@libsql/client";

export async function getStaticPaths() {
  const db = createClient({ url: process.env.REFERENCE_DB });
  const tools = (await db.execute(
    "SELECT t.*, c.name AS category FROM tools t LEFT JOIN categories c ON c.id = t.category_id ORDER BY t.id",
  )).rows;
  const reviews = new Map();
  for (const r of (await db.execute("SELECT tool_id, rating, comment, created_at FROM reviews ORDER BY id DESC")).rows) {
    const list = reviews.get(r.tool_id) ?? [];
    list.push(r);
    reviews.set(r.tool_id, list);
  }
  db.close();
  const pages = Number(process.env.REFERENCE_PAGES);
  const bytes = Number(process.env.REFERENCE_BYTES);
  return Array.from({ length: pages }, (_, n) => {
    const tool = tools[n % tools.length];
    const round = Math.floor(n / tools.length);
    const description = String(tool.description ?? "") || String(tool.name);
    const repeat = Math.max(1, Math.round((bytes - 1500) / (description.length + 8)));
    return {
      params: { slug: round ? \`\${tool.slug}-\${round + 1}\` : String(tool.slug) },
      props: { tool, reviews: reviews.get(tool.id) ?? [], paragraphs: Array(repeat).fill(description) },
    };
  });
}

const { tool, reviews, paragraphs } = Astro.props;
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{tool.name} - AI Tools Directory</title>
    <meta name="description" content={String(tool.description ?? "").slice(0, 160)} />
  </head>
  <body>
    <header><a href="/">AI Tools Directory</a></header>
    <main>
      <h1>{tool.name}</h1>
      <p>{tool.category} · {tool.pricing_type} · {tool.avg_rating} ({tool.review_count} reviews)</p>
      <p><a href={tool.website_url} rel="noopener">Visit {tool.name}</a></p>
      {paragraphs.map((text) => <p>{text}</p>)}
      <h2>Reviews</h2>
      <ul>{reviews.map((r) => <li>{r.rating}/5 {r.comment} <time>{r.created_at}</time></li>)}</ul>
    </main>
  </body>
</html>
`;
