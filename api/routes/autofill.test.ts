import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory } from "../../db/queries/categories";
import { createTag } from "../../db/queries/tags";
import { createTool } from "../../db/queries/tools";
import { createHarness, type Harness } from "../testing/harness";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../../media/fixtures/autofill", name));

/** Answers to /slow, held until a test lets them go; `arrived` wakes whoever waits for one. */
const held: import("node:http").ServerResponse[] = [];
let arrived = () => {};

/** A maker's website on this machine: the fixtures as its pages, and a few hostile answers. */
function startSite(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url === "/slow") {
      held.push(res);
      arrived();
      return;
    }
    const html = (name: string) =>
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(fixture(name));
    if (req.url === "/") return html("og-site.html");
    if (req.url === "/pricing") return html("plans.html");
    if (req.url === "/json-ld") return html("json-ld.html");
    if (req.url === "/image") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(10));
    if (req.url === "/loop") return res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/private") return res.writeHead(302, { location: "http://10.0.0.1/admin" }).end();
    if (req.url === "/huge") {
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<title>Huge</title><meta name=description content='Big page'>");
      // Far past what is read: the fetch keeps the first megabyte and stops.
      const chunk = `<p>${"x".repeat(64 * 1024)}</p>`;
      for (let i = 0; i < 64; i++) res.write(chunk);
      return res.end();
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

let h: Harness;
let site: Server;
let base: string;
let member: { token: string };
let writing: number;
beforeAll(async () => {
  h = await createHarness({ FETCH_ALLOW_LOOPBACK: "true" });
  site = await startSite();
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  member = await h.user();
  writing = (await createCategory(h.db, { name: "Writing", slug: "writing" })).id;
  const images = (await createCategory(h.db, { name: "Images", slug: "images" })).id;
  const prose = await createTag(h.db, { name: "Prose" });
  await createTool(
    h.db,
    { name: "Scribe", description: "Drafts essays and blog posts", category_id: writing, tag_ids: [prose.id] },
    null,
  );
  await createTool(
    h.db,
    { name: "Penny", description: "Writes blog posts in your voice", category_id: writing, tag_ids: [prose.id] },
    null,
  );
  await createTool(h.db, { name: "Pixel", description: "Draws pictures from prompts", category_id: images }, null);
  await createTool(h.db, { name: "Old Quill", description: "Listed before", website_url: `${base}/about` }, null);
});
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await h.close();
});

const autofill = (url: string) => h.call("POST", "/api/tools/autofill", { token: member.token, body: { url } });

describe("fill the submit form from a tool's website", () => {
  it("answers every field from the page, the pricing from its plans page, and a category from the nearest tools", async () => {
    const res = await autofill(`${base}/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      name: "Quill",
      description: "Quill drafts blog posts and essays in your voice.",
      logo_url: `${base}/icon-512.png`,
      screenshots: [{ url: `${base}/img/og.png` }, { url: "https://cdn.quill.test/twitter.png" }],
      pricing_type: "freemium",
      category_id: writing,
      tags: ["prose"],
      video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      // Same site (host and port here; the registrable domain on the web): claim it instead.
      duplicates: [{ name: "Old Quill", slug: "old-quill" }],
    });
    // Nothing was saved.
    expect((await h.call("GET", "/api/tools/?search=Quill")).body.map((t: { name: string }) => t.name)).toEqual([
      "Old Quill",
    ]);
  });

  it("reads JSON-LD offers as the pricing", async () => {
    const res = await autofill(`${base}/json-ld`);
    expect(res.body).toMatchObject({ name: "Inkwell", pricing_type: "freemium", duplicates: [{ name: "Old Quill" }] });
  });

  it("refuses what is not a public web page with a clear 422, never a 5xx", async () => {
    const cases: [string, RegExp][] = [
      [`${base}/image`, /not a web page/],
      [`${base}/loop`, /redirects too many times/],
      [`${base}/private`, /not a public website/],
      [`${base}/missing`, /status 404/],
      ["ftp://example.com/", /http or https/],
      ["not a url", /http or https/],
    ];
    for (const [url, detail] of cases) {
      const res = await autofill(url);
      expect(res.status, url).toBe(422);
      expect(res.body.detail, url).toMatch(detail);
    }
    const huge = await autofill(`${base}/huge`);
    expect(huge.status).toBe(200);
    expect(huge.body.name).toBe("Huge");
  });

  it("lets one member read two websites at once, and never takes the others' turn", async () => {
    const busy = await h.user();
    const read = (token: string, url: string) => h.call("POST", "/api/tools/autofill", { token, body: { url } });
    const twoHeld = new Promise<void>((resolve) => {
      arrived = () => held.length >= 2 && resolve();
    });
    const first = [read(busy.token, `${base}/slow`), read(busy.token, `${base}/slow`)];
    await twoHeld;
    const third = await read(busy.token, `${base}/`);
    expect(third.status).toBe(429);
    expect(third.body.detail).toMatch(/still being read/);
    // Another member is not kept waiting by them.
    expect((await read(member.token, `${base}/`)).status).toBe(200);
    for (const res of held.splice(0)) res.writeHead(200, { "content-type": "text/html" }).end("<title>Slow</title>");
    for (const done of await Promise.all(first)) expect(done.status).toBe(200);
    expect((await read(busy.token, `${base}/`)).status).toBe(200);
  });

  it("is for signed-in members only", async () => {
    expect((await h.call("POST", "/api/tools/autofill", { body: { url: `${base}/` } })).status).toBe(401);
    expect((await h.call("POST", "/api/tools/autofill", { token: member.token, body: {} })).status).toBe(422);
  });
});
