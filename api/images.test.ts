import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createArticle } from "../db/queries/articles";
import { articlesNameImage, localImages } from "../db/queries/images";
import { createTool, getTool, updateTool } from "../db/queries/tools";
import { fairTurns, ImageFetcher } from "./image-fetcher";
import { ImageRefused, sniffImage, storeImage } from "./images";
import { createServer } from "./server";
import { createHarness, type Harness } from "./testing/harness";

/** A picture in each format the site takes, drawn here. */
const raw = { width: 300, height: 150, channels: 3 as const, background: { r: 200, g: 40, b: 40 } };
const picture = (format: "png" | "jpeg" | "gif" | "webp") => sharp({ create: raw })[format]().toBuffer();
const SCRIPTED_SVG = `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" onload="alert(1)">
  <script>alert(document.cookie)</script><rect width="40" height="20" fill="#0a0"/></svg>`;

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

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ImageRefused ? error.status : error),
  );

describe("storing an image", () => {
  for (const format of ["png", "jpeg", "gif", "webp"] as const) {
    it(`converts ${format} to WebP at the widths pages use, with its size and colour`, async () => {
      const bytes = await picture(format);
      expect(sniffImage(bytes)).toBe(format);
      const stored = await storeImage(bytes, mediaDir);
      expect(stored).toMatchObject({ type: format, width: 300, height: 150, widths: [96, 192, 300] });
      expect(stored.color).toMatch(/^#[0-9a-f]{6}$/);
      for (const w of stored.widths) {
        const file = readFileSync(join(mediaDir, `${stored.hash}-${w}.webp`));
        const meta = await sharp(file).metadata();
        expect(meta.format).toBe("webp");
        expect(meta.width).toBe(w);
      }
    });
  }

  it("refuses a file that is not an image whatever its name says (415), and a broken one (422)", async () => {
    expect(await refusal(storeImage(Buffer.from("<html><body>not a picture</body></html>"), mediaDir))).toBe(415);
    const truncated = (await picture("png")).subarray(0, 40);
    expect(await refusal(storeImage(truncated, mediaDir))).toBe(422);
  });

  it("refuses more than 5 MB (413)", async () => {
    const big = Buffer.concat([await picture("png"), Buffer.alloc(5 * 1024 * 1024)]);
    expect(await refusal(storeImage(big, mediaDir))).toBe(413);
  });

  it("renders an SVG to pixels: no script or handler survives", async () => {
    const stored = await storeImage(Buffer.from(SCRIPTED_SVG), mediaDir);
    expect(stored.type).toBe("svg");
    for (const w of stored.widths) {
      const file = readFileSync(join(mediaDir, `${stored.hash}-${w}.webp`));
      expect(file.subarray(0, 4).toString("latin1")).toBe("RIFF");
      expect(file.toString("latin1")).not.toMatch(/script|onload|alert/);
    }
  });

  it("keeps a tall picture's largest copy within 1600 x 1600 pixels, an SVG asking for more too", async () => {
    const largest = async (stored: { hash: string; widths: number[] }) =>
      sharp(readFileSync(join(mediaDir, `${stored.hash}-${stored.widths.at(-1)}.webp`))).metadata();
    const tall = await sharp({ create: { ...raw, width: 1000, height: 5000 } })
      .png()
      .toBuffer();
    const stored = await storeImage(tall, mediaDir);
    expect(stored).toMatchObject({ width: 1000, height: 5000, widths: [96, 192, 480, 715] });
    const copy = await largest(stored);
    expect((copy.width ?? 0) * (copy.height ?? 0)).toBeLessThanOrEqual(1600 * 1600);
    // A few hundred bytes of SVG asking for 1600 x 4000 px of noise is drawn smaller, not stored as megabytes.
    const noise = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="4000"><filter id="f"><feTurbulence baseFrequency="0.9" numOctaves="4"/></filter><rect width="1600" height="4000" filter="url(#f)"/></svg>`;
    const drawn = await storeImage(Buffer.from(noise), mediaDir);
    const top = await largest(drawn);
    expect((top.width ?? 0) * (top.height ?? 0)).toBeLessThanOrEqual(1600 * 1600);
    expect(drawn.height / drawn.width).toBeCloseTo(2.5, 1);
  });
});

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

describe("uploads and serving", () => {
  let h: Harness;
  let owner: { id: number; token: string };
  let other: { token: string };
  let admin: { token: string };
  let toolId: number;
  beforeAll(async () => {
    h = await createHarness({ MEDIA_DIR: mediaDir });
    owner = await h.user();
    other = await h.user();
    admin = await h.user({ role: "admin" });
    toolId = (await createTool(h.db, { name: "Uploaded" }, owner.id)).id;
  });
  afterAll(async () => h.close());

  const upload = async (path: string, body: Buffer | string, token?: string, name = "logo.png") => {
    const form = new FormData();
    form.set("file", new File([typeof body === "string" ? body : new Uint8Array(body)], name));
    form.set("alt_text", "Uploaded screenshot");
    const res = await h.app.request(`http://localhost/api${path}`, {
      method: "POST",
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it("lets only the owner or an admin upload a logo: 401 anonymous, 403 another member", async () => {
    const png = await picture("png");
    expect((await upload(`/tools/${toolId}/logo`, png)).status).toBe(401);
    const refused = await upload(`/tools/${toolId}/logo`, png, other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBeTruthy();
    const ok = await upload(`/tools/${toolId}/logo`, png, owner.token);
    expect(ok.status).toBe(200);
    expect(ok.body.logo_url).toMatch(/^\/media\/[0-9a-f]{32}-300\.webp$/);
    expect(ok.body.media.logo).toMatchObject({ width: 300, height: 150 });
    expect(h.changes.at(-1)).toMatch(/logo uploaded/);
  });

  it("refuses a non-image named .png (415), more than 5 MB (413) and takes a screenshot from an admin", async () => {
    const fake = await upload(`/tools/${toolId}/logo`, "#!/bin/sh\necho hi\n", owner.token);
    expect(fake).toEqual({ status: 415, body: { detail: "Only PNG, JPEG, WebP, GIF and SVG images are accepted" } });
    const big = await upload(`/tools/${toolId}/logo`, Buffer.alloc(6 * 1024 * 1024), owner.token);
    expect(big).toEqual({ status: 413, body: { detail: "The image is larger than 5 MB" } });
    expect((await upload(`/admin/tools/${toolId}/screenshots`, SCRIPTED_SVG, owner.token)).status).toBe(403);
    const shot = await upload(`/admin/tools/${toolId}/screenshots`, SCRIPTED_SVG, admin.token, "x.svg");
    expect(shot.status).toBe(200);
    expect(shot.body.screenshots).toEqual([
      { url: expect.stringMatching(/^\/media\//), alt_text: "Uploaded screenshot" },
    ]);
    expect(shot.body.media.screenshots).toHaveLength(1);
  });

  it("serves stored files with immutable caching; other names and traversal are 404", async () => {
    const { app } = createServer({ db: h.db, settings: h.settings, stripe: null, siteDir: mediaDir });
    const name = readdirSync(mediaDir).find((f) => f.endsWith(".webp")) as string;
    const res = await app.request(`http://localhost/media/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(8, 12)
        .toString(),
    ).toBe("WEBP");
    for (const path of [
      "/media/..%2f..%2fetc%2fpasswd",
      "/media/..%5c..%5ctest.db",
      "/media/abc.webp%00.png",
      `/media/${"0".repeat(32)}-96.webp`,
    ]) {
      expect((await app.request(`http://localhost${path}`)).status).toBe(404);
    }
  });
});
