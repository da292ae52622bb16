import { copyFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "../api/app";
import { placementText } from "../api/routes/autofill";
import { loadSettings } from "../config/settings";
import { migrateDb, openDb } from "../db/client";
import { suggestPlacement } from "../db/queries/autofill";
import { seed } from "../db/seed";
import { readSite } from "../media/autofill";
import { safeFetch } from "../media/safe-fetch";
import { BENCH_SECRET, percentile, record, timeEach } from "./lib";
import { QUERIES } from "./search";

const SITES = 50;

type Truth = { name: string; description: string; logo: string; pricing: string; category: number | null };

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/**
 * One tool's website in one of five styles makers use: Open Graph tags, JSON-LD, a bare title
 * with a tagline, icons of several sizes or a favicon only; pricing in JSON-LD offers or on a
 * linked /pricing page.
 */
function siteHtml(t: { name: string; description: string; pricing_type: string }, style: number): string {
  const name = escapeHtml(t.name);
  const description = escapeHtml(t.description);
  const offers = { free: [0], freemium: [0, 19], paid: [29], "free trial": [29] }[t.pricing_type] ?? [29];
  const head = [
    style === 0 ? `<meta property="og:site_name" content="${name}"><title>${name} | The best tool for you</title>` : "",
    style === 1
      ? `<title>Home - ${name}</title><script type="application/ld+json">${JSON.stringify({
          "@context": "https://schema.org",
          "@type": "SoftwareApplication",
          name: t.name,
          description: t.description,
          offers: t.pricing_type === "free trial" ? undefined : offers.map((price) => ({ "@type": "Offer", price })),
        })}</script>`
      : "",
    style >= 2 ? `<title>${name} — ${style === 2 ? "Built for teams" : "AI that works"}</title>` : "",
    style !== 1 ? `<meta name="description" content="${description}">` : "",
    style === 0 || style === 3
      ? '<link rel="icon" href="/favicon-32.png" sizes="32x32"><link rel="icon" href="/icon-192.png" sizes="192x192">'
      : "",
    style === 2 ? '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' : "",
  ].join("");
  const body = '<nav><a href="/pricing">Pricing</a></nav>';
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

function pricingPage(pricing: string): string {
  const text =
    pricing === "free"
      ? "Free and open source, forever."
      : pricing === "freemium"
        ? "Free plan for individuals. Pro $12/month."
        : pricing === "free trial"
          ? "Start your 14-day free trial. Then $30 per month."
          : "Team $49/mo. Business $99/mo.";
  return `<!doctype html><html><body><h1>Plans</h1><p>${text}</p></body></html>`;
}

const expectedLogo = (origin: string, style: number) =>
  style === 0 || style === 3
    ? `${origin}/icon-192.png`
    : style === 2
      ? `${origin}/apple-touch-icon.png`
      : `${origin}/favicon.ico`;

/**
 * Autofill against 50 local test sites made from 50 tools of the demo directory (real tools, whose
 * words say what they do; the generated datasets' categories are random): each field right as a
 * share of the sites' true values, the category suggested with the tool itself left out of the
 * directory; and the time per URL (p50) against one plain fetch of the same page. Then MCP
 * `search_tools` p50 against the same search over `GET /api/tools/`.
 */
export async function agentFigures() {
  const path = "data/bench/agents.db";
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${path}${suffix}`, { force: true });
  const seeding = await openDb({ url: `file:${path}` });
  await migrateDb(seeding);
  await seed(seeding, async () => "x", null);
  seeding.$client.close();
  const db = await openDb({ url: `file:${path}` });
  const picked = (
    await db.$client.execute(
      "SELECT id, name, description, pricing_type, category_id FROM tools WHERE status = 'published' AND description <> '' ORDER BY id LIMIT 50",
    )
  ).rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    description: String(r.description),
    pricing_type: String(r.pricing_type),
    category_id: r.category_id == null ? null : Number(r.category_id),
  }));
  // Everything in the main file, so a copy of it is the whole directory.
  await db.$client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  /** The directory without one tool: its category must come from its neighbours. */
  const withoutTool = async (id: number) => {
    const copy = "data/bench/agents-without.db";
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${copy}${suffix}`, { force: true });
    copyFileSync(path, copy);
    const other = await openDb({ url: `file:${copy}` });
    await other.$client.execute({ sql: "DELETE FROM tools WHERE id = ?", args: [id] });
    return other;
  };

  const servers: Server[] = [];
  const sites: { url: string; truth: Truth }[] = [];
  for (const [i, tool] of picked.slice(0, SITES).entries()) {
    const style = i % 4;
    const server = createServer((req, res) => {
      const html = (text: string) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(text);
      if (req.url === "/") return html(siteHtml(tool, style));
      if (req.url === "/pricing") return html(pricingPage(tool.pricing_type));
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    servers.push(server);
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sites.push({
      url: `${origin}/`,
      truth: {
        name: tool.name,
        description: tool.description.replace(/\s+/g, " ").trim(),
        logo: expectedLogo(origin, style),
        pricing: tool.pricing_type,
        category: tool.category_id,
      },
    });
  }

  const right = { name: 0, description: 0, logo: 0, pricing: 0, category: 0 };
  const fillTimes: number[] = [];
  for (const [i, site] of sites.entries()) {
    const directory = await withoutTool(picked[i]?.id ?? 0);
    const start = performance.now();
    const facts = await readSite(site.url, { allowLoopback: true });
    const placement = await suggestPlacement(directory, placementText(facts));
    fillTimes.push(performance.now() - start);
    directory.$client.close();
    if (facts.name === site.truth.name) right.name++;
    if (
      facts.description === site.truth.description.slice(0, 1000) ||
      site.truth.description.startsWith(facts.description.replace(/…$/, ""))
    )
      right.description++;
    if (facts.logo_url === site.truth.logo) right.logo++;
    if (facts.pricing_type === site.truth.pricing) right.pricing++;
    if (placement.category_id === site.truth.category) right.category++;
  }
  fillTimes.sort((a, b) => a - b);
  const fetchTimes = await timeEach(sites.length, (i) => safeFetch(sites[i]?.url ?? "", { allowLoopback: true }));
  for (const server of servers) server.close();

  for (const [field, aim] of Object.entries({ name: 0.9, description: 0.9, logo: 0.9, pricing: 0.7, category: 0.7 })) {
    const share = right[field as keyof typeof right] / sites.length;
    record(
      {
        name: `autofill ${field} right, ${sites.length} local sites`,
        value: share,
        unit: "share",
        reference: 1,
        aim: `>= ${aim}`,
      },
      share,
      share >= aim,
    );
  }
  const fillP50 = percentile(fillTimes, 50);
  const fetchP50 = percentile(fetchTimes, 50);
  record(
    {
      name: "autofill time per URL (p50) / one plain fetch of the page",
      value: fillP50,
      unit: "ms",
      reference: fetchP50,
      aim: "informational",
    },
    fillP50 / fetchP50,
    true,
  );

  // MCP search_tools against GET /api/tools/, the same search over loopback on the same app.
  const settings = loadSettings({
    NODE_ENV: "test",
    DATABASE_URL: `file:${path}`,
    JWT_SECRET: BENCH_SECRET,
    API_ANON_LIMIT: "100000000",
  } as NodeJS.ProcessEnv);
  const app = createApp({ db, settings, stripe: null });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const query = (i: number) => QUERIES[i % QUERIES.length] ?? "";
  const api = (i: number) =>
    fetch(`${base}/api/tools/?search=${encodeURIComponent(query(i))}&limit=10`).then((r) => r.arrayBuffer());
  const mcp = (i: number) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: i,
        method: "tools/call",
        params: { name: "search_tools", arguments: { query: query(i), limit: 10 } },
      }),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`MCP answered ${r.status}: ${await r.text()}`);
      return r.arrayBuffer();
    });
  await timeEach(50, api);
  await timeEach(50, mcp);
  const apiTimes: number[] = [];
  const mcpTimes: number[] = [];
  // Alternated, so both meet the same machine load.
  for (let round = 0; round < 4; round++) {
    apiTimes.push(...(await timeEach(100, api)));
    mcpTimes.push(...(await timeEach(100, mcp)));
  }
  apiTimes.sort((a, b) => a - b);
  mcpTimes.sort((a, b) => a - b);
  const mcpP50 = percentile(mcpTimes, 50);
  const apiP50 = percentile(apiTimes, 50);
  record(
    {
      name: "MCP search_tools (p50) / GET /api/tools/?search= (p50), demo directory",
      value: mcpP50,
      unit: "ms",
      reference: apiP50,
      aim: "<= 1.5",
    },
    mcpP50 / apiP50,
    mcpP50 / apiP50 <= 1.5,
  );
  server.close();
  db.$client.close();
}
