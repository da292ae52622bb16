import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CardsOnDemand } from "../api/card-on-demand";
import { createServer } from "../api/server";
import { loadSettings } from "../config/settings";
import { type Db, migrateDb, openDb } from "../db/client";
import { createArticle } from "../db/queries/articles";
import { createCategory } from "../db/queries/categories";
import { recordUpload } from "../db/queries/images";
import { createTag } from "../db/queries/tags";
import { createTool, getTool, updateTool } from "../db/queries/tools";
import { comparisons, toolTags } from "../db/schema";
import { CARD_HEIGHT, CARD_WIDTH, type CardInput } from "../lib/cards";
import { mediaPath } from "../lib/media";
import { SITE_NAME } from "../lib/site";
import { storeImage } from "../media/images";
import { cardHash } from "./card-hash";
import { markupText, renderCard } from "./card-image";
import { CardQueue, cardsDir, countPending, hasPending } from "./card-store";
import { addPending, pendingEntry } from "./pending-cards";
import { SiteBuilder } from "./scheduler";

const HOSTILE = `</span><span size="999999" foreground="red">&amp; <b>x</b> \u0000\u202e '"%s`;

let dir: string;
let mediaDir: string;
let db: Db;
let builder: SiteBuilder;
const logs: string[] = [];
/** Holds the background drain after the first build, so the on-demand path is seen first. */
let releaseDrain: () => void = () => {};
const drainGate = new Promise<void>((release) => {
  releaseDrain = release;
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "aitools-cards-"));
  mediaDir = join(dir, "media");
  const url = `file:${join(dir, "app.db")}`;
  db = await openDb({ url });
  await migrateDb(db);
  const writing = await createCategory(db, { name: "Writing", slug: "writing" });
  // Alpha has a logo of the site's own: a red square, stored as an upload is.
  const png = await sharp({ create: { width: 256, height: 256, channels: 3, background: "#dc2626" } })
    .png()
    .toBuffer();
  const logo = await storeImage(png, mediaDir);
  const logoUrl = mediaPath(logo.hash, 256);
  await recordUpload(db, logoUrl, logo);
  const names = ["Alpha Tool", "Beta Tool", "Gamma Tool", "Delta Tool", "Epsilon Tool"];
  for (const name of names) {
    await createTool(
      db,
      {
        name,
        description: `${name} writes for you`,
        category_id: writing.id,
        ...(name === "Alpha Tool" ? { logo_url: logoUrl } : {}),
      },
      null,
    );
  }
  await createTool(db, { name: HOSTILE, description: "Hostile", category_id: writing.id }, null);
  const tag = await createTag(db, { name: "Drafting" });
  await db.insert(toolTags).values({ tool_id: 1, tag_id: tag.id });
  await db.insert(comparisons).values({ tool_a_id: 1, tool_b_id: 2, verdict_a: "Alpha wins" });
  await createArticle(db, {
    title: "Choosing a writing tool",
    slug: "choosing",
    content: "How to choose.",
    status: "published",
  });
  builder = new SiteBuilder({
    db,
    siteDir: join(dir, "site"),
    databaseUrl: url,
    debounceMs: 10,
    mediaDir,
    cardDrainGate: drainGate,
    log: (message) => {
      logs.push(message);
      if (process.env.CARDS_DEBUG) console.log(message);
    },
  });
  expect(await builder.now("first")).toBe(true);
});

afterAll(() => {
  builder.close();
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const html = (path: string) => readFileSync(join(builder.currentDir, path, "index.html"), "utf8");
const meta = (page: string, key: string) => {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(page);
  return match?.[1] ?? null;
};
/** The card file a page names, by its og:image address. */
const cardOf = (path: string) => {
  const url = meta(html(path), "og:image") ?? "";
  const name = /^http:\/\/localhost:4321\/cards\/([0-9a-f]{32}\.png)$/.exec(url)?.[1];
  if (!name) throw new Error(`${path}: og:image is ${url}`);
  return join(cardsDir(join(dir, "site")), name);
};
const stamp = (file: string) => {
  const stats = statSync(file);
  return `${stats.ino}-${stats.mtimeMs}`;
};
const lastLog = (prefix: string) => logs.filter((line) => line.startsWith(prefix)).at(-1) ?? "";
const ON_REQUEST: CardInput = {
  label: "",
  title: "",
  subtitle: "Drawn on request",
  rating: null,
  logos: [],
  siteName: SITE_NAME,
};
const server = () =>
  createServer({
    db,
    settings: loadSettings({ NODE_ENV: "test", JWT_SECRET: "x".repeat(40), MEDIA_DIR: mediaDir } as NodeJS.ProcessEnv),
    stripe: null,
    siteDir: join(dir, "site"),
  }).app;
const store = () => cardsDir(join(dir, "site"));
/** Whether the card file `card` names has a pending entry in the site's store. */
const pendingFor = (card: string) => hasPending(store(), card.slice(-36, -4));

const PAGES = [
  "/",
  "/tool/alpha-tool",
  "/category/writing",
  "/tag/drafting",
  "/alternatives/alpha-tool",
  "/compare/alpha-tool-vs-beta-tool",
  "/blog/choosing",
];

describe("social cards", () => {
  it("go live pending after a cold full build: /cards draws one when asked, the background drain draws the rest", async () => {
    expect(lastLog("site built")).toMatch(/ 0 cards drawn, \d+ cards pending/);
    const pending = Number(/ (\d+) cards pending/.exec(lastLog("site built"))?.[1]);
    expect(pending).toBeGreaterThanOrEqual(PAGES.length);
    // Pruning after the build kept every entry the live build names.
    for (const path of PAGES) {
      expect(existsSync(cardOf(path)), path).toBe(false);
      expect(await pendingFor(cardOf(path)), path).toBe(true);
    }
    const app = server();
    const alpha = cardOf("/tool/alpha-tool");
    const name = alpha.split("/").at(-1);
    const head = await app.request(`http://127.0.0.1/cards/${name}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    const ok = await app.request(`http://127.0.0.1/cards/${name}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const body = Buffer.from(await ok.arrayBuffer());
    const image = await sharp(body).metadata();
    expect([image.format, image.width, image.height]).toEqual(["png", CARD_WIDTH, CARD_HEIGHT]);
    // Stored as drawn, its entry gone.
    expect(readFileSync(alpha).equals(body)).toBe(true);
    expect(await pendingFor(alpha)).toBe(false);

    // An entry is data: one that does not hash to its name, or is not JSON, draws nothing.
    const copied = await pendingEntry(store(), cardOf("/tool/beta-tool").slice(-36, -4));
    expect(copied).toContain('"title":"Beta Tool"');
    await addPending(store(), [
      ["f".repeat(32), copied ?? ""],
      ["e".repeat(32), "{not json"],
    ]);
    for (const fake of ["f", "e"]) {
      expect((await app.request(`http://127.0.0.1/cards/${fake.repeat(32)}.png`)).status, fake).toBe(404);
      expect(existsSync(join(cardsDir(join(dir, "site")), `${fake.repeat(32)}.png`)), fake).toBe(false);
    }

    releaseDrain();
    const report = await builder.cardsDrained();
    expect(report).toMatchObject({ drawn: pending - 1, failed: 0 });
    for (const path of PAGES) expect(existsSync(cardOf(path)), path).toBe(true);
    expect(await countPending(store())).toBe(0);
    // Drawn in another process, the same bytes as here.
    const beta: CardInput = {
      label: "AI tool · Writing",
      title: "Beta Tool",
      subtitle: "Beta Tool writes for you",
      rating: null,
      logos: [{ name: "Beta Tool", hash: null }],
      siteName: SITE_NAME,
    };
    expect(cardOf("/tool/beta-tool")).toContain(cardHash(beta));
    expect(readFileSync(cardOf("/tool/beta-tool")).equals(await renderCard(beta, mediaDir))).toBe(true);
  });

  it("are drawn on request two at once per process, 32 more waiting; past that the answer is busy", async () => {
    const onRequest = join(dir, "on-demand");
    const queue = new CardQueue(onRequest, mediaDir);
    queue.defer = true;
    const inputs = Array.from({ length: 40 }, (_, i) => ({ ...ON_REQUEST, title: `Card ${i}` }));
    for (const input of inputs) queue.want(cardHash(input), input);
    expect((await queue.drain()).drawn).toBe(0);
    expect(await countPending(onRequest)).toBe(40);
    const onDemand = new CardsOnDemand(onRequest, mediaDir);
    const answers = inputs.map((input) => onDemand.draw(cardHash(input)));
    expect(answers.filter((answer) => answer === "busy")).toHaveLength(6);
    // Asked again while it is drawn, a card shares the drawing.
    expect(onDemand.draw(cardHash({ ...ON_REQUEST, title: "Card 0" }))).toBe(answers[0]);
    const drawn = await Promise.all(answers.filter((answer) => answer !== "busy"));
    expect(drawn.every((png) => png && png.length > 0)).toBe(true);
    expect(await countPending(onRequest)).toBe(6);
    // Asking a store that has no pending entries for one makes none (nor the store's file).
    const none = join(dir, "no-cards");
    expect(await new CardsOnDemand(none, mediaDir).draw("b".repeat(32))).toBeNull();
    expect(await hasPending(none, "b".repeat(32))).toBe(false);
    expect(existsSync(none)).toBe(false);
  });

  it("give every page type og:image and twitter:image meta naming an existing 1200x630 PNG", async () => {
    const files = new Set<string>();
    for (const path of PAGES) {
      const page = html(path);
      const file = cardOf(path);
      files.add(file);
      expect(meta(page, "og:image:width"), path).toBe("1200");
      expect(meta(page, "og:image:height"), path).toBe("630");
      expect(meta(page, "og:image:type"), path).toBe("image/png");
      expect(meta(page, "og:image:alt")?.length, path).toBeGreaterThan(5);
      expect(meta(page, "twitter:card"), path).toBe("summary_large_image");
      expect(meta(page, "twitter:image"), path).toBe(meta(page, "og:image"));
      expect(meta(page, "twitter:image:alt"), path).toBe(meta(page, "og:image:alt"));
      const image = await sharp(file).metadata();
      expect([image.format, image.width, image.height], path).toEqual(["png", CARD_WIDTH, CARD_HEIGHT]);
    }
    // One card per page: none shares another's.
    expect(files.size).toBe(PAGES.length);
    expect(meta(html("/tool/alpha-tool"), "og:image:alt")).toBe(
      "Alpha Tool (AI tool · Writing: Alpha Tool writes for you). AI Tools Directory",
    );
    // Alpha's card shows its logo (red) where a monogram tile would be (indigo, or the background).
    const { data } = await sharp(cardOf("/tool/alpha-tool"))
      .extract({ left: 140, top: 120, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0xdc, 0x26, 0x26]);
  });

  it("are not drawn again for unchanged pages; a renamed tool gets a new card, the old one pruned two full builds later", async () => {
    const before = new Map(PAGES.map((path) => [path, stamp(cardOf(path))]));
    const betaCard = cardOf("/tool/beta-tool");
    const tool = await getTool(db, { slug: "beta-tool" });
    if (!tool) throw new Error("missing tool");
    await updateTool(db, tool.id, { name: "Beta Renamed" });
    builder.toolsChanged("tool renamed", [tool]);
    await builder.settled();
    expect(lastLog("site updated")).toMatch(/ \d+ cards drawn/);
    const slug = (await getTool(db, { id: tool.id }))?.slug ?? "";
    const renamed = cardOf(`/tool/${slug}`);
    expect(renamed).not.toBe(betaCard);
    expect((await sharp(renamed).metadata()).width).toBe(CARD_WIDTH);
    // The comparison names Beta (a new page and card); the other pages' cards are the same files.
    for (const path of PAGES.filter((p) => !p.startsWith("/compare/")))
      expect(stamp(cardOf(path)), path).toBe(before.get(path));

    const now = PAGES.map((path) => path.replace("beta-tool", slug));
    const afterPass = new Map(now.map((path) => [path, stamp(cardOf(path))]));
    expect(await builder.now("full again")).toBe(true);
    expect(lastLog("site built")).toContain(" 0 cards drawn, 0 cards pending");
    for (const path of now) expect(stamp(cardOf(path)), path).toBe(afterPass.get(path));
    // A pending entry no kept build names (a build long replaced) goes with the next pruning.
    const stale = "a".repeat(32);
    await addPending(store(), [[stale, "{}"]]);
    // So does the folder of file-per-card entries an earlier version kept.
    const legacy = join(store(), "pending");
    mkdirSync(legacy);
    writeFileSync(join(legacy, `${stale}.json`), "{}");
    // The build before still names the old card (a request may be reading it); the next one does not.
    expect(existsSync(betaCard)).toBe(true);
    expect(await builder.now("and again")).toBe(true);
    expect(existsSync(betaCard)).toBe(false);
    expect(existsSync(renamed)).toBe(true);
    expect(await hasPending(store(), stale)).toBe(false);
    expect(existsSync(legacy)).toBe(false);
  });

  it("draw hostile names as the characters they are", async () => {
    const page = html(`/tool/${(await getTool(db, { id: 6 }))?.slug}`);
    // An attribute value: quotes and ampersands escaped, so the markup stays one attribute.
    expect(meta(page, "og:image:alt")).toContain("<span size=&quot;999999&quot; foreground=&quot;red&quot;>&amp;amp;");
    const file = cardOf(`/tool/${(await getTool(db, { id: 6 }))?.slug}`);
    expect((await sharp(file).metadata()).height).toBe(CARD_HEIGHT);
    expect(markupText(HOSTILE, 200)).toBe(
      "&#60;/span&#62;&#60;span size=&#34;999999&#34; foreground=&#34;red&#34;&#62;&#38;amp; &#60;b&#62;x&#60;/b&#62; &#39;&#34;%s",
    );
    // Lone surrogates, every control character and a title far past the room still make a card.
    const input: CardInput = {
      label: "\ud800".repeat(3),
      title: `${"W".repeat(500)}${String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i))}`,
      subtitle: "\udfff<",
      rating: { average: 9, count: 1 },
      logos: [{ name: "", hash: "0".repeat(32) }],
      siteName: "<x>",
    };
    expect((await sharp(await renderCard(input, mediaDir)).metadata()).width).toBe(CARD_WIDTH);
  });

  it("are served under /cards/ by hash name only, with immutable caching", async () => {
    const app = server();
    const name = cardOf("/tool/alpha-tool").split("/").at(-1);
    const ok = await app.request(`http://127.0.0.1/cards/${name}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await ok.arrayBuffer()).equals(readFileSync(cardOf("/tool/alpha-tool")))).toBe(true);
    for (const path of [
      "/cards/../app.db",
      "/cards/%2e%2e%2fapp.db",
      "/cards/abc.png",
      `/cards/${"0".repeat(32)}.png`,
      "/cards/",
    ]) {
      expect((await app.request(`http://127.0.0.1${path}`)).status, path).toBe(404);
    }
  });
});
