/**
 * The card store: one PNG per card hash (lib/cards.ts) in `<SITE_DIR>/cards/`, shared by every
 * build. A render pass draws only the cards whose files are missing, so an unchanged page never
 * draws its card again; after a full build, cards no kept build refers to are removed.
 *
 * A full build does not draw: it leaves each missing card's inputs as a pending entry
 * (rebuild/pending-cards.ts), drawn after the build is live by the background drain
 * (rebuild/card-drain.ts) or, when a client asks first, by the /cards route. Every path draws
 * through `storeCard`, so a card is the same bytes however it came to be drawn. The render
 * worker loads this module in plain Node (types stripped).
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { CARD_FILE, CARD_TEMPLATE_VERSION, type CardInput } from "../lib/cards.ts";
import { cardHash } from "./card-hash.ts";
import { renderCard } from "./card-image.ts";
import { addPending, countPending, PENDING_DB, pendingEntry, pendingHashes, removePending } from "./pending-cards.ts";

export { countPending };

/** The card store of the site folder `siteDir`. */
export const cardsDir = (siteDir: string) => resolve(siteDir, "cards");

/**
 * The cards the pages of a build refer to, one hash a line, kept beside its pages (a build state
 * file: never served, linked or exported): what pruning keeps.
 */
const CARDS_FILE = ".site-cards";

/** A pending entry is a few hundred bytes; anything past this is not one of ours. */
const PENDING_MAX_BYTES = 64 * 1024;
/** Pending entries a full build's worker writes at once (one transaction). */
const PENDING_BATCH = 500;
const HASH = /^[0-9a-f]{32}$/;

/** Cards drawn at once: libvips and the PNG encoder run on the thread pool beside page rendering. */
const CONCURRENCY = 3;

/**
 * The cards one render pass refers to, and the drawing of the missing ones. Pages call `want`
 * while they render (through the render state, site/lib/cards.ts). With `defer` set (a full
 * build) a missing card is left as a pending entry; otherwise (an incremental pass: a few cards)
 * drawing starts at once, beside the rendering. The worker waits for `drain` before it answers,
 * so every card a page names is on disk, as a PNG or a pending entry, before the page goes live.
 */
export class CardQueue {
  /** Every card the pass's pages refer to. */
  readonly referenced = new Set<string>();
  /** Leave missing cards pending rather than draw them (set per pass by the worker). */
  defer = false;
  private readonly waiting: { hash: string; input: CardInput }[] = [];
  /** Pending entries not written yet, and the writing under way. */
  private unwritten: [string, string][] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly known = new Set<string>();
  private running = 0;
  private drawn = 0;
  private failure: unknown = null;
  private idle: (() => void)[] = [];
  private readonly dir: string;
  private readonly mediaDir: string;

  constructor(dir: string, mediaDir: string) {
    this.dir = dir;
    this.mediaDir = mediaDir;
  }

  /** A page refers to card `hash`: drawn unless its file exists (or is being drawn). */
  want(hash: string, input: CardInput): void {
    this.referenced.add(hash);
    if (this.known.has(hash)) return;
    this.known.add(hash);
    if (existsSync(join(this.dir, `${hash}.png`))) return;
    if (this.defer) {
      this.unwritten.push([hash, pendingJson(input)]);
      if (this.unwritten.length >= PENDING_BATCH) this.writePending();
      return;
    }
    this.waiting.push({ hash, input });
    this.pump();
  }

  /**
   * Resolves once every wanted card is on disk (drawn or pending), with how many this pass drew
   * and the cards it referred to; the next pass starts afresh. Rejects with the first drawing
   * that failed.
   */
  async drain(): Promise<{ drawn: number; referenced: string[] }> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((done) => this.idle.push(done));
    this.writePending();
    await this.writing;
    const result = { drawn: this.drawn, referenced: [...this.referenced] };
    const failure = this.failure;
    this.referenced.clear();
    this.drawn = 0;
    this.failure = null;
    if (failure) {
      // A card that failed is tried again by the next pass that wants it.
      this.known.clear();
      throw failure;
    }
    return result;
  }

  /** Writes the entries gathered so far, after those being written (a failure fails the drain). */
  private writePending(): void {
    const batch = this.unwritten;
    if (batch.length === 0) return;
    this.unwritten = [];
    this.writing = this.writing.then(() =>
      addPending(this.dir, batch).catch((error: unknown) => {
        this.failure ??= error;
      }),
    );
  }

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const job = this.waiting.shift() as { hash: string; input: CardInput };
      this.running++;
      storeCard(this.dir, this.mediaDir, job.hash, job.input)
        .then(() => {
          this.drawn++;
        })
        .catch((error: unknown) => {
          this.failure ??= error;
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) for (const done of this.idle.splice(0)) done();
        });
    }
  }
}

/**
 * Draws one card into the store, under a temporary name renamed into place (readers never see
 * half a file), and drops its pending entry. The one way a card is drawn: inline, in the
 * background or on demand, the same input gives the same bytes.
 */
async function storeCard(dir: string, mediaDir: string, hash: string, input: CardInput): Promise<Buffer> {
  const png = await renderCard(input, mediaDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${hash}.png`);
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, png);
    renameSync(temporary, file);
  } catch {
    // Pruning after a full build may take a temporary from under a drawing: once more.
    writeFileSync(temporary, png);
    renameSync(temporary, file);
  }
  await removePending(dir, [hash]);
  return png;
}

/** A pending entry: the template version and what the drawing needs, nothing more. */
function pendingJson(input: CardInput): string {
  return JSON.stringify({
    version: CARD_TEMPLATE_VERSION,
    input: {
      label: input.label,
      title: input.title,
      subtitle: input.subtitle,
      rating: input.rating ? { average: input.rating.average, count: input.rating.count } : null,
      logos: input.logos.slice(0, 2).map((logo) => ({ name: logo.name, hash: logo.hash })),
      siteName: input.siteName,
    },
  });
}

/** Whether card `hash` (32 hex, checked by the caller) has a pending entry. */
export async function hasPending(dir: string, hash: string): Promise<boolean> {
  return (await pendingEntry(dir, hash)) !== null;
}

/**
 * The inputs of pending card `hash`, or null when there is no entry or it is not one this code
 * writes: the entry is data, so it is checked field by field (exact keys, types, a logo hash that
 * names only a media file) and must hash to its own name under this template version.
 */
async function readPending(dir: string, hash: string): Promise<CardInput | null> {
  if (!HASH.test(hash)) return null;
  const entry = await pendingEntry(dir, hash);
  if (entry === null || entry.length > PENDING_MAX_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(entry);
  } catch {
    return null;
  }
  const input = pendingInput(parsed);
  return input && cardHash(input) === hash ? input : null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const hasKeys = (value: Record<string, unknown>, keys: string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));
const isText = (value: unknown): value is string => typeof value === "string" && value.length <= 10_000;

function pendingInput(entry: unknown): CardInput | null {
  if (!isObject(entry) || !hasKeys(entry, ["version", "input"]) || entry.version !== CARD_TEMPLATE_VERSION) return null;
  const input = entry.input;
  if (!isObject(input) || !hasKeys(input, ["label", "title", "subtitle", "rating", "logos", "siteName"])) return null;
  const { label, title, subtitle, rating, logos, siteName } = input;
  if (!isText(label) || !isText(title) || !isText(subtitle) || !isText(siteName)) return null;
  let stars: CardInput["rating"] = null;
  if (rating !== null) {
    if (!isObject(rating) || !hasKeys(rating, ["average", "count"])) return null;
    const { average, count } = rating;
    if (typeof average !== "number" || !Number.isFinite(average) || average < 0 || average > 5) return null;
    if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) return null;
    stars = { average, count };
  }
  if (!Array.isArray(logos) || logos.length > 2) return null;
  const pictures: CardInput["logos"] = [];
  for (const logo of logos) {
    if (!isObject(logo) || !hasKeys(logo, ["name", "hash"]) || !isText(logo.name)) return null;
    if (logo.hash !== null && !(typeof logo.hash === "string" && HASH.test(logo.hash))) return null;
    pictures.push({ name: logo.name, hash: logo.hash });
  }
  return { label, title, subtitle, rating: stars, logos: pictures, siteName };
}

/**
 * Draws pending card `hash` into the store and returns its PNG; null when it has no valid
 * pending entry (a malformed one is removed).
 */
export async function drawPending(dir: string, mediaDir: string, hash: string): Promise<Buffer | null> {
  const input = await readPending(dir, hash);
  if (!input) {
    if (HASH.test(hash)) await removePending(dir, [hash]);
    return null;
  }
  return storeCard(dir, mediaDir, hash, input);
}

/** What one drain of the pending entries did. */
export type DrainResult = { drawn: number; failed: number; invalid: number };

/**
 * Draws every pending card of the store, `concurrency` at a time, until no entry is left (entries
 * added meanwhile are drawn too); an entry whose card exists already just goes. A card that fails
 * to draw keeps its entry (the /cards route can still try) and is not tried again by this drain.
 */
export async function drainPending(dir: string, mediaDir: string, concurrency: number): Promise<DrainResult> {
  const result: DrainResult = { drawn: 0, failed: 0, invalid: 0 };
  const tried = new Set<string>();
  // Through the entries in hash order, a page at a time, then again from the start for entries
  // added meanwhile, until a walk finds none not tried.
  for (let fresh = true; fresh; ) {
    fresh = false;
    for (let after = ""; ; ) {
      const page = await pendingHashes(dir, after, DRAIN_PAGE);
      if (page.length === 0) break;
      after = page.at(-1) as string;
      const hashes = page.filter((hash) => !tried.has(hash));
      fresh ||= hashes.length > 0;
      let next = 0;
      const one = async (hash: string) => {
        tried.add(hash);
        if (existsSync(join(dir, `${hash}.png`))) {
          await removePending(dir, [hash]);
          return;
        }
        try {
          if (await drawPending(dir, mediaDir, hash)) result.drawn++;
          else if (!existsSync(join(dir, `${hash}.png`))) result.invalid++;
        } catch {
          result.failed++;
        }
      };
      await Promise.all(
        Array.from({ length: Math.max(1, concurrency) }, async () => {
          while (next < hashes.length) await one(hashes[next++] as string);
        }),
      );
    }
  }
  return result;
}

/** Pending hashes the drain, and pruning, read at once. */
const DRAIN_PAGE = 200;
const PRUNE_PAGE = 5000;

/** The cards the build at `dir` refers to (none for a build without the file). */
export function readCardList(dir: string): string[] {
  try {
    return readFileSync(join(dir, CARDS_FILE), "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

/** Writes the card list of the build at `dir` (replaced by a rename). */
export function writeCardList(dir: string, hashes: Iterable<string>): void {
  const file = join(dir, CARDS_FILE);
  writeFileSync(`${file}.tmp`, [...new Set(hashes)].sort().join("\n"));
  renameSync(`${file}.tmp`, file);
}

/**
 * Adds cards an incremental pass referred to, and the list of the live build at `dir` does not
 * hold yet, to that list: appended, not rewritten (at 100k tools the list is 7 MB).
 */
export function appendToCardList(dir: string, hashes: string[]): void {
  if (hashes.length === 0) return;
  appendFileSync(join(dir, CARDS_FILE), `\n${hashes.join("\n")}`);
}

/**
 * Removes the cards and pending entries (and temporaries left by a killed process) that none of
 * the builds in `buildDirs` refers to, and the entries of cards drawn since: the store holds at
 * most the cards of the builds kept on disk. Runs under the build lease, after the builds are
 * pruned. Returns how many cards and entries went.
 */
export async function pruneCards(store: string, buildDirs: string[]): Promise<number> {
  const keep = new Set(buildDirs.flatMap(readCardList));
  const listing = (dir: string) => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  let removed = 0;
  for (const name of listing(store)) {
    if (name.startsWith(PENDING_DB)) continue;
    const match = CARD_FILE.exec(name);
    if (match?.[1] && keep.has(match[1])) continue;
    // Anything else goes, a folder too (`pending/`, where entries were a file each before).
    rmSync(join(store, name), { force: true, recursive: true });
    removed++;
  }
  for (let after = ""; ; ) {
    const page = await pendingHashes(store, after, PRUNE_PAGE);
    if (page.length === 0) break;
    after = page.at(-1) as string;
    const gone = page.filter((hash) => !keep.has(hash) || existsSync(join(store, `${hash}.png`)));
    await removePending(store, gone);
    removed += gone.length;
  }
  return removed;
}
