import { mkdtempSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../api/testing/harness";
import { createArticle } from "../db/queries/articles";
import { articlesNameImage, localImages } from "../db/queries/images";
import { createTool, getTool, updateTool } from "../db/queries/tools";
import { fairTurns, ImageFetcher } from "./image-fetcher";

/** A picture in each format the site takes, drawn here. */
const raw = { width: 300, height: 150, channels: 3 as const, background: { r: 200, g: 40, b: 40 } };
const picture = (format: "png" | "jpeg" | "gif" | "webp") => sharp({ create: raw })[format]().toBuffer();

let mediaDir: string;
let server: Server;
let base = "";
/** What the local image host serves at each path; tests change it. */
const served = new Map<string, { type: string; body: Buffer } | { redirect: string }>();

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), "media-test-"));
  server = createHttpServer((req, res) => {
    const entry = served.get(req.url ?? "");
    if (!entry) return res.writeHead(404).end();
    if ("redirect" in entry) return res.writeHead(302, { location: entry.redirect }).end();
    res.writeHead(200, { "content-type": entry.type }).end(entry.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("the image fetcher", () => {
  let h: Harness;
  const changes: { url: string; ids: number[] }[] = [];
  let fetcher: ImageFetcher;
  beforeAll(async () => {
    h = await createHarness({ MEDIA_DIR: mediaDir });
    fetcher = new ImageFetcher({
      db: h.db,
      mediaDir,
      allowLoopback: true,
      onImageChange: (url, ids) => changes.push({ url, ids }),
    });
  });
  afterAll(async () => h.close());

  it("fetches a tool's logo and screenshots, and a changed URL is fetched again", async () => {
    served.set("/logo-a.png", { type: "image/png", body: await picture("png") });
    served.set("/shot.jpg", { type: "image/jpeg", body: await picture("jpeg") });
    const tool = await createTool(h.db, { name: "Fetched", logo_url: `${base}/logo-a.png` }, null);
    await updateTool(h.db, tool.id, {
      screenshots: [
        { url: `${base}/shot.jpg`, alt_text: "The editor" },
        { url: `${base}/missing.png`, alt_text: "Gone" },
      ],
    });
    const first = await fetcher.pass();
    expect(first.map((r) => [r.url.slice(base.length), r.ok]).sort()).toEqual([
      ["/logo-a.png", true],
      ["/missing.png", false],
      ["/shot.jpg", true],
    ]);
    const before = await getTool(h.db, { id: tool.id });
    expect(before?.media.logo?.widths).toEqual([96, 192, 300]);
    // The screenshot that could not be had is left out.
    expect(before?.media.screenshots.map((s) => s.alt_text)).toEqual(["The editor"]);
    expect(changes.find((c) => c.url === `${base}/logo-a.png`)?.ids).toEqual([tool.id]);

    served.set("/logo-b.gif", {
      type: "image/gif",
      body: await sharp({ create: { ...raw, width: 64 } })
        .gif()
        .toBuffer(),
    });
    await updateTool(h.db, tool.id, { logo_url: `${base}/logo-b.gif` });
    const second = await fetcher.pass();
    expect(second.map((r) => r.url)).toEqual([`${base}/logo-b.gif`]);
    const after = await getTool(h.db, { id: tool.id });
    expect(after?.media.logo?.hash).not.toBe(before?.media.logo?.hash);
    expect(after?.media.logo?.width).toBe(64);
    expect(changes.at(-1)).toEqual({ url: `${base}/logo-b.gif`, ids: [tool.id] });
    // Nothing is due again until the refresh.
    expect(await fetcher.pass()).toEqual([]);
  });

  it("forgets the URLs nothing names any more, once their row is an hour old", async () => {
    const urls = async () =>
      (await h.db.$client.execute("SELECT source_url FROM images")).rows.map((r) =>
        String(r.source_url).slice(base.length),
      );
    // The replaced logo's row is still there within the hour.
    expect(await urls()).toContain("/logo-a.png");
    const later = new ImageFetcher({ db: h.db, mediaDir, allowLoopback: true, now: () => Date.now() + 2 * 3_600_000 });
    await later.pass();
    const kept = await urls();
    expect(kept).not.toContain("/logo-a.png");
    expect(kept).toEqual(expect.arrayContaining(["/logo-b.gif", "/shot.jpg", "/missing.png"]));
  });

  it("refuses a redirect to a private address, a non-image and an oversized answer", async () => {
    served.set("/to-private.png", { redirect: "http://10.0.0.1/logo.png" });
    served.set("/page.png", { type: "image/png", body: Buffer.from("<!doctype html><title>a page</title>") });
    served.set("/huge.png", { type: "image/png", body: Buffer.alloc(6 * 1024 * 1024) });
    const urls = ["/to-private.png", "/page.png", "/huge.png"].map((p) => `${base}${p}`);
    for (const [i, url] of urls.entries()) await createTool(h.db, { name: `Refused ${i}`, logo_url: url }, null);
    const results = await fetcher.pass();
    const errors = Object.fromEntries(results.map((r) => [r.url, r.error]));
    expect(errors[urls[0] as string]).toMatch(/not public/);
    expect(errors[urls[1] as string]).toMatch(/Only PNG, JPEG/);
    expect(errors[urls[2] as string]).toMatch(/over 5242880 bytes/);
    const stored = await h.db.$client.execute("SELECT count(*) AS n FROM images WHERE hash IS NULL");
    expect(Number(stored.rows[0]?.n)).toBe(4);
  });

  it("fetches an article's image too; pages find the copy by its URL, and none for one it could not get", async () => {
    served.set("/cover.png", { type: "image/png", body: await picture("png") });
    const article = await createArticle(h.db, {
      title: "Covered",
      slug: "covered",
      content: "Body",
      status: "published",
      featured_image: `${base}/cover.png`,
    });
    await createArticle(h.db, {
      title: "Lost cover",
      slug: "lost-cover",
      content: "Body",
      featured_image: `${base}/gone.png`,
    });
    const results = await fetcher.pass();
    expect(results.map((r) => [r.url.slice(base.length), r.ok]).sort()).toEqual([
      ["/cover.png", true],
      ["/gone.png", false],
    ]);
    expect(await articlesNameImage(h.db, article.featured_image)).toBe(true);
    const copies = await localImages(h.db, [article.featured_image, `${base}/gone.png`]);
    expect([...copies.keys()]).toEqual([article.featured_image]);
    expect(copies.get(article.featured_image)).toMatchObject({ width: 300, height: 150, widths: [96, 192, 300] });
  });

  it("takes a few URLs of a site that floods the queue per pass, so another site's logo is not held up", async () => {
    const flood = Array.from({ length: 30 }, (_, i) => `${base}/flood-${i}.png`);
    for (const [i, url] of flood.entries()) await createTool(h.db, { name: `Flood ${i}`, logo_url: url }, null);
    // Added last, so due last: without turns it would wait behind all thirty.
    const other = `http://localhost:${new URL(base).port}/logo-a.png`;
    await createTool(h.db, { name: "Elsewhere", logo_url: other }, null);
    const first = (await fetcher.pass()).map((r) => r.url);
    expect(first).toContain(other);
    expect(first.filter((url) => flood.includes(url))).toHaveLength(5);
    // The rest of the flood comes in later passes, five at a time.
    expect((await fetcher.pass()).filter((r) => flood.includes(r.url))).toHaveLength(5);
  });
});

describe("a pass's turns", () => {
  const due = (url: string, failures = 0) => ({ source_url: url, failures });
  it("goes site by site, subdomains being one site, at most so many of each, and never-failed URLs first", () => {
    const turns = fairTurns(
      [
        due("https://cdn.flood.example/1.png"),
        due("https://img.flood.example/2.png"),
        due("https://flood.example/3.png"),
        due("https://a.test/logo.png", 2),
        due("https://b.test/logo.png"),
        due("https://flood.example/4.png"),
      ],
      10,
      2,
    );
    expect(turns).toEqual([
      "https://cdn.flood.example/1.png",
      "https://b.test/logo.png",
      "https://a.test/logo.png",
      "https://img.flood.example/2.png",
    ]);
    expect(fairTurns([due("https://a.test/1"), due("https://b.test/1"), due("https://c.test/1")], 2, 5)).toHaveLength(
      2,
    );
  });
});
