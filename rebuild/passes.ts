import type { ChildProcess } from "node:child_process";
import { existsSync, realpathSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, resolve } from "node:path";
import { DEFAULT_MEDIA_DIR, type RenderSettings, renderEnv } from "../config/settings";
import type { Db } from "../db/client";
import { contentVersion, finishBuild, startBuild } from "../db/queries/builds";
import { CardDrain, type DrainReport } from "./card-drain";
import { appendToCardList, cardsDir, countPending, pruneCards, readCardList, writeCardList } from "./card-store";
import type { ChangedTool, RecordChange } from "./change";
import { readCodeVersion } from "./code-version";
import { READERS_BATCH_MS, READERS_PER_PASS } from "./messages";
import {
  DISCOVERY_FILE,
  hasBuild,
  keptBuilds,
  listDir,
  liveLink,
  newBuildDir,
  pruneBuilds,
  readVersion,
  swapLink,
  warmUpDir,
  writeVersion,
} from "./output";
import { planPages, planRecords } from "./page-plan";
import { READS_CHECK_FILE } from "./read-graph";
import { absoluteFileUrl, RenderWorker } from "./render-process";
import { addScope, NO_RECORDS } from "./scope";
import { splitBuild } from "./split-build";

/**
 * What an incremental pass renders: the tools changed (as they were and are), the tags whose
 * pages changed, the categories, articles and images changed, and the readers of earlier changes
 * that a pass handed back (see RenderPasses.incremental).
 */
export type PassChange = { tools: ChangedTool[]; tags: string[]; records: RecordChange[]; readers?: string[] };

/** What the render passes need: the database, where the site lives, and the worker's settings. */
export type PassOptions = {
  db: Db;
  /** Folder holding builds/<id>/ and the `current` link that is served. */
  siteDir: string;
  databaseUrl: string;
  /** Settings the renderers run on besides their paths (public URL, database auth token, social cards). */
  env?: Partial<RenderSettings>;
  /** Render workers a full build is split across (BUILD_WORKERS); default: one per core. */
  workers?: number;
  /** The site's own copies of logos (MEDIA_DIR), drawn on the social cards. */
  mediaDir?: string;
  /** The background drawing of a full build's pending cards waits for this (tests look at them first). */
  cardDrainGate?: Promise<unknown>;
  /** Pages that read a changed record rendered per pass (READERS_PER_PASS). */
  readersPerPass?: number;
  /** And for at most this long (READERS_BATCH_MS). */
  readersBatchMs?: number;
  log: (message: string) => void;
};

/**
 * The two ways the site changes, each recorded in the builds table. A full build regenerates
 * everything into a fresh folder and swaps the `current` link to it with one rename, so visitors
 * see either the old site or the new one. The worker that built it stays warm: a change to some
 * tools then re-renders only the pages showing them, replacing their files in the live folder one
 * rename at a time. The caller holds the build lease around each pass.
 */
export class RenderPasses {
  private warm: RenderWorker | null = null;
  /** A full build failed since the last one that went live: some changes are not rendered. */
  private fullBuildOwed = false;
  /** The process a full build runs in, while it runs (for operations and fault tests). */
  child: ChildProcess | null = null;
  /** Draws the cards full builds leave pending, after they go live. */
  private readonly cardDrain: CardDrain;
  /** Settles once the drain after the last full build has been started. */
  private drainStarted: Promise<void> = Promise.resolve();

  constructor(private readonly options: PassOptions) {
    this.cardDrain = new CardDrain({ CARDS_DIR: cardsDir(options.siteDir), MEDIA_DIR: this.mediaDir() }, options.log);
  }

  /** Resolves once no pending card is being drawn, with what the drain drew since it started. */
  async cardsDrained(): Promise<DrainReport> {
    await this.drainStarted;
    return this.cardDrain.idle();
  }

  private startDrain(): void {
    this.drainStarted = Promise.resolve(this.options.cardDrainGate).then(() => this.cardDrain.kick());
  }

  /** The link to the live build. */
  get currentDir(): string {
    return liveLink(this.options.siteDir);
  }

  /** Whether a warm worker is ready to render changes in place. */
  get isWarm(): boolean {
    return this.warm !== null;
  }

  /** Builds the whole site aside and makes it live; "failed" leaves the previous site live. */
  async full(reason: string): Promise<"ok" | "failed"> {
    const { db, siteDir, log } = this.options;
    const started = Date.now();
    const buildId = await startBuild(db, reason);
    // Read before the renderer opens its snapshot: the build holds at least this content.
    const version = await contentVersion(db);
    const outDir = newBuildDir(siteDir, started, buildId);
    // Files the live build holds with the same bytes are linked to it rather than stored again.
    const linkFrom = this.hasBuild() ? realpathSync(this.currentDir) : undefined;
    const count = Math.max(1, this.options.workers ?? availableParallelism());
    const workers = Array.from({ length: count }, () => this.startWorker());
    const [worker] = workers as [RenderWorker, ...RenderWorker[]];
    this.child = worker.process;
    try {
      const { pages, cards } = await splitBuild(workers, outDir, linkFrom);
      writeCardList(outDir, cards.referenced);
      writeVersion(outDir, version);
      swapLink(this.currentDir, outDir);
      // The first worker holds every route compiled: it renders the changes to come.
      this.replaceWarm(worker);
      for (const other of workers.slice(1)) void other.stop();
      await finishBuild(db, buildId, { outcome: "ok", pages, durationMs: Date.now() - started });
      this.fullBuildOwed = false;
      pruneBuilds(outDir);
      // Cards only the removed builds named go too: the store holds what the kept builds show.
      await pruneCards(cardsDir(siteDir), keptBuilds(outDir));
      const pending = await countPending(cardsDir(siteDir));
      log(
        `site built: ${pages} pages, ${cards.drawn} cards drawn, ${pending} cards pending, in ${Date.now() - started} ms (${reason})`,
      );
      // The pages are live naming their pending cards (the /cards route draws one when asked).
      this.startDrain();
      return "ok";
    } catch (error) {
      await Promise.all(workers.map((w) => w.stop()));
      this.fullBuildOwed = true;
      rmSync(outDir, { recursive: true, force: true });
      await finishBuild(db, buildId, { outcome: "failed", error: String(error), durationMs: Date.now() - started });
      log(`site build failed: ${String(error).slice(0, 2000)}`);
      return "failed";
    } finally {
      this.child = null;
    }
  }

  /**
   * Compiles the pages without rendering any, so this process can render changes into the live
   * build. If it compiled other code than the live build was made from, or other assets, only a
   * full build can make the pages match: "stale".
   */
  async warmUp(): Promise<boolean | "stale"> {
    const { siteDir, log } = this.options;
    const outDir = warmUpDir(siteDir);
    const worker = this.startWorker();
    try {
      // Nothing renders for the warm-up build: it only compiles the pages, and takes what the live
      // build shows of alternatives from beside it.
      const liveDir = realpathSync(this.currentDir);
      const reply = await worker.request({ type: "build", outDir, scope: NO_RECORDS, liveDir });
      if (reply.type !== "built") throw new Error(reply.type === "failed" ? reply.error : "unexpected reply");
      const live = new Set(listDir(join(this.currentDir, "_astro")));
      const codeVersion = readCodeVersion(outDir);
      const sameCode =
        listDir(join(outDir, "_astro")).every((file) => live.has(file)) &&
        codeVersion !== null &&
        codeVersion === readCodeVersion(liveDir);
      // A build without its alternatives or page reads files cannot say what a change moves.
      if (!sameCode || !existsSync(join(liveDir, DISCOVERY_FILE)) || !existsSync(join(liveDir, READS_CHECK_FILE))) {
        worker.stop();
        return "stale";
      }
      this.replaceWarm(worker);
      log("site renderer ready: changes to tools go live in place");
      // Cards a build left pending when the process that built it stopped.
      this.startDrain();
      return true;
    } catch (error) {
      worker.stop();
      log(`site renderer failed to start: ${String(error).slice(0, 2000)}`);
      return false;
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  /**
   * Re-renders the pages showing `tools`, the pages of the tags named in `tags`, and the pages of
   * the categories, articles and images in `records` with every page that read them, inside the
   * live build (a full build when no warm worker can start). `fullPending` says, once the pages
   * are written, whether a full build is still to come: the live build then stays marked with the
   * content version it had. A change read by many pages renders them in batches; between two,
   * `handBack` is offered the readers left: when it takes them (another change is waiting), the
   * pass ends, so a change made meanwhile does not wait for every batch of an earlier one.
   */
  async incremental(
    reason: string,
    change: PassChange,
    fullPending: () => boolean,
    handBack: (paths: string[]) => boolean = () => false,
  ): Promise<"ok" | "failed"> {
    const { tools, tags, records } = change;
    const carried = change.readers ?? [];
    const readersPerPass = this.options.readersPerPass ?? READERS_PER_PASS;
    const batchMs = this.options.readersBatchMs ?? READERS_BATCH_MS;
    const { db, log } = this.options;
    if (!this.warm && (await this.warmUp()) !== true) return this.full(reason);
    const worker = this.warm;
    if (!worker) return "failed";
    const started = Date.now();
    const buildId = await startBuild(db, `incremental: ${reason}`);
    try {
      const version = await contentVersion(db);
      const dir = realpathSync(this.currentDir);
      const plan = await planPages(db, tools, (slug) => existsSync(join(dir, "tool", slug, "index.html")), tags);
      const own = await planRecords(db, records);
      const paths = [...new Set([...plan.paths, ...own.paths])];
      let reply = await worker.request({
        type: "render",
        dir,
        paths,
        remove: [...new Set([...plan.remove, ...own.remove])].filter((path) => !paths.includes(path)),
        scope: addScope(plan.scope, own.scope),
        changed: tools,
        keys: [...plan.keys, ...own.keys],
        // Readers an earlier pass handed back come first among this change's readers.
        readers: carried,
        // The change's own pages go live first, on their own; its readers follow in batches.
        readersPerPass: paths.length > 0 ? 0 : readersPerPass,
        batchMs,
      });
      let pages = 0;
      let drawn = 0;
      let handedBack = 0;
      // Many pages read the change (a category at 100k tools): each batch goes live as it is written.
      for (;;) {
        if (reply.type !== "rendered") throw new Error(reply.type === "failed" ? reply.error : "unexpected reply");
        this.listCards(dir, reply.cards.referenced);
        pages += reply.written + reply.removed;
        drawn += reply.cards.drawn;
        if (reply.deferred.length === 0) break;
        // Served now, but not all of the change is rendered: the version stays what it was.
        writeVersion(dir, readVersion(dir) ?? { database: "", content: "" });
        log(`site update under way: ${pages} pages live, ${reply.deferred.length} readers to go (${reason})`);
        // Another change is waiting: it goes first, and the readers left follow in its pass.
        if (handBack(reply.deferred)) {
          handedBack = reply.deferred.length;
          break;
        }
        const batch = reply.deferred.slice(0, readersPerPass);
        const rest = reply.deferred.slice(readersPerPass);
        reply = await worker.request({
          type: "render",
          dir,
          paths: [],
          remove: [],
          scope: NO_RECORDS,
          changed: [],
          keys: [],
          readers: batch,
          readersPerPass,
          batchMs,
        });
        if (reply.type === "rendered") reply = { ...reply, deferred: [...reply.deferred, ...rest] };
      }
      // Every server process drops its in-memory copy of the site when this file changes. With a
      // full build still to come or failed (a category, an article), not all content is rendered:
      // the file keeps the version it had, so a restart before that build rebuilds.
      const behind = fullPending() || this.fullBuildOwed || handedBack > 0;
      writeVersion(dir, behind ? (readVersion(dir) ?? { database: "", content: "" }) : version);
      await finishBuild(db, buildId, { outcome: "ok", pages, durationMs: Date.now() - started });
      const left = handedBack ? `, ${handedBack} readers left for the next pass` : "";
      log(`site updated: ${pages} pages, ${drawn} cards drawn, in ${Date.now() - started} ms (${reason})${left}`);
      return "ok";
    } catch (error) {
      await finishBuild(db, buildId, { outcome: "failed", error: String(error), durationMs: Date.now() - started });
      log(`site update failed: ${String(error).slice(0, 2000)}`);
      return "failed";
    }
  }

  /** The cards the list of the live build holds, read once per build (see listCards). */
  private listed: { dir: string; cards: Set<string> } | null = null;

  /** Adds the cards a pass referred to to the live build's list, each once. */
  private listCards(dir: string, referenced: string[]): void {
    if (this.listed?.dir !== dir) this.listed = { dir, cards: new Set(readCardList(dir)) };
    const { cards } = this.listed;
    const fresh = [...new Set(referenced)].filter((hash) => !cards.has(hash));
    for (const hash of fresh) cards.add(hash);
    appendToCardList(dir, fresh);
  }

  /** Whether the live link leads to a build. */
  hasBuild(): boolean {
    return hasBuild(this.currentDir);
  }

  /** Stops the warm worker. */
  stop(): void {
    this.warm?.stop();
    this.warm = null;
    this.cardDrain.stop();
  }

  private startWorker(): RenderWorker {
    const { env, databaseUrl, siteDir } = this.options;
    return new RenderWorker(
      renderEnv({
        ...env,
        DATABASE_URL: absoluteFileUrl(databaseUrl),
        CARDS_DIR: cardsDir(siteDir),
        MEDIA_DIR: this.mediaDir(),
      }),
    );
  }

  private mediaDir(): string {
    return resolve(this.options.mediaDir ?? DEFAULT_MEDIA_DIR);
  }

  private replaceWarm(worker: RenderWorker): void {
    this.warm?.stop();
    this.warm = worker;
    worker.process.once("exit", () => {
      if (this.warm === worker) this.warm = null;
    });
  }
}
