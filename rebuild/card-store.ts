/**
 * The card store: one PNG per card hash (lib/cards.ts) in `<SITE_DIR>/cards/`, shared by every
 * build. A render pass draws only the cards whose files are missing, so an unchanged page never
 * draws its card again; after a full build, cards no kept build refers to are removed. The render
 * worker loads this module in plain Node (types stripped).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CARD_FILE, type CardInput } from "../lib/cards.ts";
import { renderCard } from "./card-image.ts";

/** The card store of the site folder `siteDir`. */
export const cardsDir = (siteDir: string) => resolve(siteDir, "cards");

/**
 * The cards the pages of a build refer to, one hash a line, kept beside its pages (a build state
 * file: never served, linked or exported): what pruning keeps.
 */
export const CARDS_FILE = ".site-cards";

/** Cards drawn at once: libvips and the PNG encoder run on the thread pool beside page rendering. */
const CONCURRENCY = 3;

/**
 * The cards one render pass refers to, and the drawing of the missing ones. Pages call `want`
 * while they render (through the render state, site/lib/cards.ts); drawing starts at once, beside
 * the rendering, and the worker waits for `drain` before it answers.
 */
export class CardQueue {
  /** Every card the pass's pages refer to. */
  readonly referenced = new Set<string>();
  private readonly waiting: { hash: string; input: CardInput }[] = [];
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
    this.waiting.push({ hash, input });
    this.pump();
  }

  /**
   * Resolves once every wanted card is on disk, with how many this pass drew and the cards it
   * referred to; the next pass starts afresh. Rejects with the first drawing that failed.
   */
  async drain(): Promise<{ drawn: number; referenced: string[] }> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((done) => this.idle.push(done));
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

  private pump(): void {
    while (this.running < CONCURRENCY && this.waiting.length > 0) {
      const job = this.waiting.shift() as { hash: string; input: CardInput };
      this.running++;
      drawCard(this.dir, this.mediaDir, job.hash, job.input)
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

/** Draws one card into the store, under a temporary name renamed into place (readers never see half a file). */
async function drawCard(dir: string, mediaDir: string, hash: string, input: CardInput): Promise<void> {
  const png = await renderCard(input, mediaDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${hash}.png`);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, png);
  renameSync(temporary, file);
}

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

/** Adds the cards an incremental pass referred to to the list of the live build at `dir`. */
export function addToCardList(dir: string, hashes: string[]): void {
  if (hashes.length === 0) return;
  writeCardList(dir, [...readCardList(dir), ...hashes]);
}

/**
 * Removes the cards (and temporaries left by a killed worker) that none of the builds in
 * `buildDirs` refers to: the store holds at most the cards of the builds kept on disk. Runs
 * under the build lease, after the builds are pruned. Returns how many files went.
 */
export function pruneCards(store: string, buildDirs: string[]): number {
  const keep = new Set(buildDirs.flatMap(readCardList));
  let removed = 0;
  let names: string[];
  try {
    names = readdirSync(store);
  } catch {
    return 0;
  }
  for (const name of names) {
    const match = CARD_FILE.exec(name);
    if (match?.[1] && keep.has(match[1])) continue;
    rmSync(join(store, name), { force: true });
    removed++;
  }
  return removed;
}
