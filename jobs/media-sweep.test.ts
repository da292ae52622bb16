import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../api/testing/harness";
import { recordUpload } from "../db/queries/images";
import { createTool, getTool, updateTool } from "../db/queries/tools";
import { storeImage } from "../media/images";
import { ImageFetcher } from "./image-fetcher";
import { MEDIA_GRACE_MS, type SweepResult, sweepMedia } from "./media-sweep";

const DAY = 24 * 3_600_000;
const picture = (r: number) =>
  sharp({ create: { width: 120, height: 60, channels: 3, background: { r, g: 40, b: 40 } } })
    .png()
    .toBuffer();
const filesOf = (dir: string, hash: string | undefined) =>
  readdirSync(dir).filter((name) => name.startsWith(`${hash}-`));
/** Sets a file's times as if it were last touched `ms` ago. */
const age = (path: string, ms: number) => utimesSync(path, new Date(Date.now() - ms), new Date(Date.now() - ms));

let server: Server;
let base = "";
const served = new Map<string, Buffer>();
let h: Harness;

beforeAll(async () => {
  server = createHttpServer((req, res) => {
    const body = served.get(req.url ?? "");
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": "image/png" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("the media sweep", () => {
  it("removes a replaced logo's files a grace after its row lets them go, and keeps the logo in use", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), "media-sweep-"));
    served.set("/old.png", await picture(10));
    served.set("/new.png", await picture(200));
    let clock = Date.now();
    const sweeps: SweepResult[] = [];
    const fetcher = new ImageFetcher({
      db: h.db,
      mediaDir,
      allowLoopback: true,
      now: () => clock,
      onSweep: (result) => sweeps.push(result),
    });
    const tool = await createTool(h.db, { name: "Swept", logo_url: `${base}/old.png` }, null);
    await fetcher.pass();
    const old = (await getTool(h.db, { id: tool.id }))?.media.logo?.hash;
    expect(filesOf(mediaDir, old).length).toBeGreaterThan(0);
    // The first pass swept and found every file in use.
    expect(sweeps).toEqual([{ removed: 0, bytes: 0 }]);

    // The logo changes; two hours on, the old URL's row is forgotten and its files touched.
    await updateTool(h.db, tool.id, { logo_url: `${base}/new.png` });
    for (const name of filesOf(mediaDir, old)) age(join(mediaDir, name), 60 * DAY);
    clock += 2 * 3_600_000;
    await fetcher.pass();
    const current = (await getTool(h.db, { id: tool.id }))?.media.logo?.hash;
    expect(current).not.toBe(old);

    // A day on, the next sweep: no row names the old files, but their grace has not run out.
    clock += DAY;
    await fetcher.pass();
    expect(sweeps).toHaveLength(2);
    expect(sweeps[1]?.removed).toBe(0);
    expect(filesOf(mediaDir, old).length).toBeGreaterThan(0);

    // A week and more on, they go; the logo in use stays, however old its files.
    for (const name of filesOf(mediaDir, current)) age(join(mediaDir, name), 60 * DAY);
    clock += MEDIA_GRACE_MS;
    await fetcher.pass();
    expect(sweeps).toHaveLength(3);
    expect(filesOf(mediaDir, old)).toEqual([]);
    expect(sweeps[2]?.removed).toBeGreaterThan(0);
    expect(filesOf(mediaDir, current).length).toBeGreaterThan(0);
  });

  it("keeps an unnamed file within its grace, removes an old one and a crash's leftover, and leaves other files", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), "media-sweep-"));
    const named = await storeImage(await picture(60), mediaDir);
    await recordUpload(h.db, `/media/${named.hash}-${named.widths.at(-1)}.webp`, named);
    const fresh = await storeImage(await picture(90), mediaDir);
    const stale = await storeImage(await picture(120), mediaDir);
    for (const name of [...filesOf(mediaDir, stale.hash), ...filesOf(mediaDir, named.hash)])
      age(join(mediaDir, name), MEDIA_GRACE_MS + DAY);
    const leftover = join(mediaDir, `${stale.hash}-96.webp.1234.tmp`);
    writeFileSync(leftover, "half");
    age(leftover, MEDIA_GRACE_MS + DAY);
    writeFileSync(join(mediaDir, "README"), "not ours");

    const result = await sweepMedia(h.db, mediaDir, Date.now());
    expect(result.removed).toBe(stale.widths.length + 1);
    expect(filesOf(mediaDir, stale.hash)).toEqual([]);
    expect(existsSync(leftover)).toBe(false);
    expect(filesOf(mediaDir, named.hash)).toHaveLength(named.widths.length);
    expect(filesOf(mediaDir, fresh.hash)).toHaveLength(fresh.widths.length);
    expect(existsSync(join(mediaDir, "README"))).toBe(true);
  });

  it("an old unnamed file stored again starts its grace afresh", async () => {
    const mediaDir = mkdtempSync(join(tmpdir(), "media-sweep-"));
    const bytes = await picture(150);
    const first = await storeImage(bytes, mediaDir);
    for (const name of filesOf(mediaDir, first.hash)) age(join(mediaDir, name), MEDIA_GRACE_MS + DAY);
    // The same picture uploaded again: the files are not rewritten, only touched.
    await storeImage(bytes, mediaDir);
    expect((await sweepMedia(h.db, mediaDir, Date.now())).removed).toBe(0);
    expect(filesOf(mediaDir, first.hash)).toHaveLength(first.widths.length);
  });

  it("a missing media folder is an empty sweep", async () => {
    expect(await sweepMedia(h.db, join(tmpdir(), `no-media-${Date.now()}`), Date.now())).toEqual({
      removed: 0,
      bytes: 0,
    });
  });
});
