import { mkdirSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";
import { migrateDb, openDb } from "../db/client";
import { imageTotals } from "../db/queries/images";
import { logoSvg, screenshotSvg } from "../db/seed/artwork";
import { ImageFetcher } from "../jobs/image-fetcher";
import { record } from "./lib";

const TOOLS = 30;

/**
 * Originals as makers give them: a 512 px PNG logo and two screenshots per tool (a 1280×720 PNG
 * and a 1920×1080 JPEG at quality 90 with some grain, as a photo has), drawn here and served
 * from a local server.
 */
async function originals(): Promise<Map<string, { type: string; body: Buffer }>> {
  const files = new Map<string, { type: string; body: Buffer }>();
  for (let i = 0; i < TOOLS; i++) {
    const name = `Bench Tool ${i}`;
    const logo = await sharp(Buffer.from(logoSvg(name)), { density: 144 })
      .png()
      .toBuffer();
    const shot = await sharp(Buffer.from(screenshotSvg(name, "Dashboard", i)))
      .png()
      .toBuffer();
    const grain = await sharp({
      create: {
        width: 1920,
        height: 1080,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 0, sigma: 12 },
      },
    })
      .png()
      .toBuffer();
    const photo = await sharp(Buffer.from(screenshotSvg(name, "Editor", i + 1)), { density: 108 })
      .resize(1920, 1080)
      .composite([{ input: grain, blend: "soft-light" }])
      .jpeg({ quality: 90 })
      .toBuffer();
    files.set(`/${i}/logo.png`, { type: "image/png", body: logo });
    files.set(`/${i}/shot.png`, { type: "image/png", body: shot });
    files.set(`/${i}/photo.jpg`, { type: "image/jpeg", body: photo });
  }
  return files;
}

/**
 * Images fetched, converted and stored per second by one fetcher pass with the default bound
 * (2 at once) vs one at a time, same originals from a local server; and the bytes of the largest
 * stored copy against the originals' (what a visitor downloads at most, instead of the original).
 */
export async function imageFigures() {
  const files = await originals();
  const server = createServer((req, res) => {
    const file = files.get(req.url ?? "");
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": file.type, "content-length": file.body.length }).end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pass = async (concurrency: number) => {
    const dir = `data/bench/images-${concurrency}`;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const db = await openDb({ url: `file:${dir}/images.db` });
    await migrateDb(db);
    await db.$client.batch(
      Array.from({ length: TOOLS }, (_, i) => ({
        sql: "INSERT INTO tools (slug, name, logo_url, screenshots) VALUES (?, ?, ?, ?)",
        args: [
          `t-${i}`,
          `T ${i}`,
          `${base}/${i}/logo.png`,
          JSON.stringify([
            { url: `${base}/${i}/shot.png`, alt_text: "" },
            { url: `${base}/${i}/photo.jpg`, alt_text: "" },
          ]),
        ],
      })),
      "write",
    );
    const fetcher = new ImageFetcher({ db, mediaDir: `${dir}/media`, concurrency, allowLoopback: true });
    const start = performance.now();
    const results = await fetcher.pass();
    const seconds = (performance.now() - start) / 1000;
    const totals = await imageTotals(db);
    db.$client.close();
    if (results.some((r) => !r.ok)) throw new Error(`an image failed: ${results.find((r) => !r.ok)?.error}`);
    return { perSecond: results.length / seconds, totals };
  };
  const one = await pass(1);
  const two = await pass(2);
  server.close();
  record(
    {
      name: `images fetched and converted per second, 2 at once / 1 at a time (${TOOLS * 3} originals: PNG logos, PNG and JPEG screenshots)`,
      value: Math.round(two.perSecond * 10) / 10,
      unit: "images/s",
      reference: Math.round(one.perSecond * 10) / 10,
      aim: ">= 1",
    },
    two.perSecond / one.perSecond,
    two.perSecond / one.perSecond >= 1,
  );
  const { originalBytes, storedBytes } = two.totals;
  record(
    {
      name: `bytes of the largest stored WebP / the original's (${(originalBytes / 1024 / 1024).toFixed(1)} MB of originals)`,
      value: storedBytes,
      unit: "bytes",
      reference: originalBytes,
      aim: "<= 0.5",
    },
    storedBytes / originalBytes,
    storedBytes / originalBytes <= 0.5,
  );
}
