import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTool, getTool } from "../../../db/queries/tools";
import { createHarness, type Harness } from "../../testing/harness";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../../media/fixtures/autofill", name));

/** A maker's website on this machine: `page` at /, nothing else. Each server is its own site (its port). */
function startSite(page: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === "/") return res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fixture(page));
    res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let h: Harness;
let sites: { server: Server; url: string }[];
let admin: { id: number; token: string };
beforeAll(async () => {
  h = await createHarness({ FETCH_ALLOW_LOOPBACK: "true" });
  sites = await Promise.all(["og-site.html", "json-ld.html", "title-only.html"].map(startSite));
  admin = await h.user({ role: "admin" });
  await createTool(h.db, { name: "Scribe", website_url: `${sites[2]?.url}/` }, null);
});
afterAll(async () => {
  await Promise.all(sites.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  await h.close();
});

const importUrls = (urls: unknown, token = admin.token) =>
  h.call("POST", "/api/admin/tools/import-urls", { token, body: { urls } });

describe("an admin imports tools from a list of URLs", () => {
  it("creates a pending draft per new site, and reports the listed site and the unreadable page", async () => {
    const [quill, inkwell, scribe] = sites.map((s) => s.url);
    const urls = [`${quill}/`, `${inkwell}/`, `${scribe}/`, `${quill}/missing`];
    const res = await importUrls(urls);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second, third, fourth] = res.body.results;
    expect(first).toMatchObject({ url: `${quill}/`, status: "created", tool: { name: "Quill" } });
    expect(second).toMatchObject({ url: `${inkwell}/`, status: "created", tool: { name: "Inkwell" } });
    expect(third).toMatchObject({ status: "duplicate", duplicates: [{ name: "Scribe" }] });
    expect(fourth).toMatchObject({ status: "failed", detail: expect.stringContaining(quill as string) });
    for (const created of [first, second]) {
      const tool = await getTool(h.db, { id: created.tool.id }, true);
      expect(tool).toMatchObject({ status: "pending", submitted_by: admin.id, website_url: created.url });
    }
    // The drafts wait for review, unseen by the public.
    expect((await h.call("GET", `/api/tools/${first.tool.slug}`)).status).toBe(404);
  });

  it("answers a second import of the same sites with the drafts already there, creating nothing", async () => {
    const res = await importUrls([`${sites[0]?.url}/`]);
    expect(res.body.results).toEqual([
      expect.objectContaining({ status: "duplicate", duplicates: [expect.objectContaining({ name: "Quill" })] }),
    ]);
  });

  it("reports an unreadable page with the reason", async () => {
    const res = await importUrls([`${sites[1]?.url}/gone`]);
    expect(res.body.results).toEqual([
      { url: `${sites[1]?.url}/gone`, status: "failed", detail: "The site answered with status 404" },
    ]);
  });

  it("refuses a list that is empty, too long or holds something that is not a web address", async () => {
    expect(await importUrls([])).toMatchObject({
      status: 422,
      body: { detail: expect.stringContaining("at least one") },
    });
    const many = Array.from({ length: 101 }, (_, i) => `https://tool${i}.example/`);
    expect(await importUrls(many)).toMatchObject({ status: 422, body: { detail: expect.stringContaining("100") } });
    const bad = await importUrls(["https://ok.example/", "ftp://files.example/", "not a url"]);
    expect(bad).toMatchObject({ status: 422, body: { detail: expect.stringContaining("http or https") } });
  });

  it("answers a second import while the first runs with 409, so a second click fetches nothing more", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const asked = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const slow = createServer(async (_req, res) => {
      reached();
      await held;
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    try {
      const first = importUrls([`http://127.0.0.1:${(slow.address() as AddressInfo).port}/`]);
      await asked;
      const second = await importUrls([`${sites[0]?.url}/`]);
      expect(second).toMatchObject({ status: 409, body: { detail: expect.stringContaining("already running") } });
      release();
      expect((await first).body.results).toEqual([expect.objectContaining({ status: "failed" })]);
    } finally {
      release();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it("is for admins only", async () => {
    const member = await h.user();
    expect((await importUrls([`${sites[0]?.url}/`], member.token)).status).toBe(403);
  });
});
