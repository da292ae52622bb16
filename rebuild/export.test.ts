import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Db, migrateDb, openDb } from "../db/client";
import { createCategory } from "../db/queries/categories";
import { recordUpload } from "../db/queries/images";
import { createTool, deleteTool, getTool, updateTool } from "../db/queries/tools";
import { mediaPath } from "../lib/media";
import { storeImage } from "../media/images";
import { cardsDir } from "./card-store";
import { EXPORT_MANIFEST, exportSite } from "./export";
import { SiteBuilder } from "./scheduler";

let dir: string;
let db: Db;
let builder: SiteBuilder;
let target: string;
let mediaDir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-export-"));
  mediaDir = join(dir, "media");
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  // Tool 1 has a logo of the site's own, which its pages name under /media/.
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#2563eb" } })
    .png()
    .toBuffer();
  const logo = await storeImage(png, mediaDir);
  await recordUpload(db, mediaPath(logo.hash, 256), logo);
  for (const n of [1, 2, 3]) {
    await createTool(
      db,
      {
        name: `Tool ${n}`,
        description: `Tool number ${n} `.repeat(80),
        category_id: writing.id,
        ...(n === 1 ? { logo_url: mediaPath(logo.hash, 256) } : {}),
      },
      null,
    );
  }
  builder = new SiteBuilder({
    db,
    siteDir: join(dir, "site"),
    databaseUrl: url,
    debounceMs: 10,
    workers: 1,
    mediaDir,
    log: () => {},
  });
  expect(await builder.now("first")).toBe(true);
  target = join(dir, "export");
});
afterAll(() => {
  builder.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Every file of a folder (relative path -> bytes), without compressed siblings and dot files. */
function files(root: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || entry.name.startsWith(".")) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(path.slice(root.length + 1), readFileSync(path));
  }
  return found;
}

/** The pages and assets of an export, without the cards and media files they name. */
const pagesOf = (all: Map<string, Buffer>) =>
  new Map([...all].filter(([path]) => !path.startsWith("cards/") && !path.startsWith("media/")));
/** The cards and media files the pages of a folder name, as export paths. */
const namedIn = (root: string) => {
  const named = new Set<string>();
  for (const [path, body] of files(root)) {
    if (!path.endsWith(".html")) continue;
    for (const m of body.toString().matchAll(/\/(cards\/[0-9a-f]{32}\.png|media\/[0-9a-f]{32}-\d+\.webp)/g))
      named.add(m[1] ?? "");
  }
  return named;
};
const exportNow = () => exportSite(join(dir, "site"), target, mediaDir);
const mtimes = () => new Map([...files(target).keys()].map((path) => [path, statSync(join(target, path)).mtimeMs]));

describe("npm run export", () => {
  it("writes the live site with compressed siblings and a manifest, and nothing more when it is unchanged", async () => {
    const first = await exportNow();
    const live = files(realpathSync(builder.currentDir));
    const named = namedIn(realpathSync(builder.currentDir));
    expect(first?.copied.sort()).toEqual([...live.keys(), ...named].sort());
    expect(first?.missing).toEqual([]);
    expect(pagesOf(files(target))).toEqual(live);
    // The social cards and the logo the pages name come along (a card still pending is drawn), so
    // no og:image of a CDN-hosted export is broken.
    expect([...named].filter((path) => path.startsWith("media/")).length).toBeGreaterThan(0);
    expect([...named].filter((path) => path.startsWith("cards/")).length).toBeGreaterThan(3);
    for (const path of named) {
      const from = path.startsWith("cards/") ? cardsDir(join(dir, "site")) : mediaDir;
      expect(readFileSync(join(target, path)).equals(readFileSync(join(from, path.split("/")[1] ?? ""))), path).toBe(
        true,
      );
    }
    const home = join(target, "tool/tool-1/index.html");
    expect(brotliDecompressSync(readFileSync(`${home}.br`)).equals(readFileSync(home))).toBe(true);
    expect(readdirSync(target)).toContain(EXPORT_MANIFEST);
    expect(readdirSync(target).some((name) => name.startsWith(".site-version"))).toBe(false);

    const before = mtimes();
    const again = await exportNow();
    expect(again).toEqual({ copied: [], removed: [], unchanged: live.size + named.size, missing: [] });
    expect(mtimes()).toEqual(before);
  });

  it("writes only the files one tool's change rewrote, and deletes those the site no longer has", async () => {
    const old = files(target);
    const tool = await getTool(db, { slug: "tool-2" });
    const gone = await getTool(db, { slug: "tool-3" });
    if (!tool || !gone) throw new Error("missing tool");
    const after = await updateTool(db, tool.id, { description: "Rewritten" });
    if (!after) throw new Error("missing tool");
    builder.toolsChanged("tool updated", [tool, after]);
    await deleteTool(db, gone.id);
    builder.toolsChanged("tool deleted", [gone]);
    await builder.settled();

    const result = await exportNow();
    const live = files(realpathSync(builder.currentDir));
    const named = namedIn(realpathSync(builder.currentDir));
    const differing = [...live].filter(([path, bytes]) => !old.get(path)?.equals(bytes)).map(([path]) => path);
    expect(differing).toContain("tool/tool-2/index.html");
    // Tool 2's new description is a new card; Tool 3's card is named no more.
    const newCards = [...named].filter((path) => !old.has(path));
    expect(newCards.length).toBeGreaterThan(0);
    expect(result?.copied.sort()).toEqual([...differing, ...newCards].sort());
    expect(result?.removed.filter((path) => !path.startsWith("cards/"))).toEqual(["tool/tool-3/index.html"]);
    expect(result?.removed.filter((path) => path.startsWith("cards/")).length).toBeGreaterThan(0);
    expect(pagesOf(files(target))).toEqual(live);
    expect(new Set([...files(target).keys()].filter((path) => !live.has(path)))).toEqual(named);
    expect(readdirSync(join(target, "tool/tool-3"))).toEqual([]);
  });

  it("exports afresh into a folder without a manifest", async () => {
    rmSync(join(target, EXPORT_MANIFEST));
    const result = await exportNow();
    expect(result?.unchanged).toBe(0);
    expect(pagesOf(files(target))).toEqual(files(realpathSync(builder.currentDir)));
  });
});
