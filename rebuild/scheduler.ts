import type { ChildProcess } from "node:child_process";
import type { RenderSettings } from "../config/settings";
import type { Db } from "../db/client";
import { failInterruptedBuilds } from "../db/queries/builds";
import type { DrainReport } from "./card-drain";
import type { BuildMessage, ChangedTool, RecordChange } from "./change";
import { BuildLease } from "./lease";
import { checkLiveSite } from "./live-check";
import { RenderPasses } from "./passes";

/** How a server runs its site builder. */
export type BuilderOptions = {
  db: Db;
  /** Folder holding builds/<id>/ and the `current` link that is served. */
  siteDir: string;
  databaseUrl: string;
  debounceMs: number;
  /** A full rebuild this often (REBUILD_INTERVAL_MS); 0 or absent: never. */
  intervalMs?: number;
  /** Settings the renderers run on besides their paths (public URL, database auth token, social cards). */
  env?: Partial<RenderSettings>;
  /** Render workers a full build is split across (BUILD_WORKERS); default: one per core. */
  workers?: number;
  /** The site's own copies of logos (MEDIA_DIR), drawn on the social cards. */
  mediaDir?: string;
  /** The background drawing of a full build's pending cards waits for this (tests look at them first). */
  cardDrainGate?: Promise<unknown>;
  /** Pages that read a changed record rendered per pass; the rest follow (READERS_PER_PASS). */
  readersPerPass?: number;
  /** And for at most this long (READERS_BATCH_MS). */
  readersBatchMs?: number;
  log?: (message: string) => void;
};

/** How soon a pass that found another process rendering tries again. */
const LOCK_RETRY_MS = 1000;
/** Tool changes arriving this close together share one incremental pass. */
const INCREMENTAL_WINDOW_MS = 50;

type Outcome = "ok" | "failed" | "locked";

/**
 * Keeps the static site in step with the database: decides when a pass runs and which kind.
 * Changes to some tools are rendered in place within `INCREMENTAL_WINDOW_MS`; anything else
 * schedules a full build after the debounce window, and repeated changes collapse into one. A
 * lease in the database lets one process build at a time; changes arriving meanwhile are folded
 * into the next pass, and a failed incremental pass is followed by a full build.
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private interval: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private pendingFull: string | null = null;
  private pendingTools: ChangedTool[] = [];
  private pendingTags: string[] = [];
  private pendingRecords: RecordChange[] = [];
  private pendingToolReasons: string[] = [];
  /** Readers of earlier changes that a pass handed back, to render after the changes waiting. */
  private pendingReaders: string[] = [];
  private closed = false;
  /** Callers of `settled` waiting for a scheduled pass to start. */
  private waiting: (() => void)[] = [];
  private readonly log: (message: string) => void;
  private readonly lease: BuildLease;
  private readonly passes: RenderPasses;

  /** Starts scheduled full rebuilds when `intervalMs` is set; nothing builds until asked. */
  constructor(private readonly options: BuilderOptions) {
    this.log = (message) => (options.log ?? console.log)(message);
    this.lease = new BuildLease(options.db, this.log);
    this.passes = new RenderPasses({ ...options, log: this.log });
    if (options.intervalMs && options.intervalMs > 0) {
      this.interval = setInterval(() => this.markDirty("scheduled"), options.intervalMs);
      this.interval.unref();
    }
  }

  /** The link to the live build (`<siteDir>/current`). */
  get currentDir(): string {
    return this.passes.currentDir;
  }

  /** The process a full build runs in, while it runs (for operations and fault tests). */
  get child(): ChildProcess | null {
    return this.passes.child;
  }

  /** Whether a live build exists. */
  hasBuild(): boolean {
    return this.passes.hasBuild();
  }

  /** Schedules a full rebuild after the debounce window; repeated changes collapse into one. */
  markDirty(reason: string): void {
    this.pendingFull = addReason(this.pendingFull, reason);
    this.schedule(this.options.debounceMs);
  }

  /**
   * Re-renders the pages showing these tools (before and after the change) at once, the pages
   * of the tags with these slugs (a tag renamed, merged, deleted or described anew), and the
   * pages of these categories, articles and images and every page that read them.
   */
  toolsChanged(reason: string, tools: ChangedTool[], tags: string[] = [], records: RecordChange[] = []): void {
    this.pendingTools.push(...tools);
    this.pendingTags.push(...tags);
    this.pendingRecords.push(...records);
    this.pendingToolReasons.push(reason);
    this.schedule(Math.min(INCREMENTAL_WINDOW_MS, this.options.debounceMs));
  }

  /** Acts on a change reported by a server process (see BuildMessage). */
  apply(message: BuildMessage): void {
    if (message.type === "rebuild-now") void this.now(message.reason);
    else if (message.tools || message.records)
      this.toolsChanged(message.reason, message.tools ?? [], message.tags, message.records);
    else this.markDirty(message.reason);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    this.timer.unref?.();
  }

  /**
   * Builds everything now, or right after the running pass. Resolves true when a build
   * including `reason` is live.
   */
  async now(reason: string): Promise<boolean> {
    this.pendingFull = addReason(this.pendingFull, reason);
    return this.run();
  }

  /**
   * Whether the live build shows this database's present content (see checkLiveSite); a build
   * of another database is taken offline. Returns why the site must be rebuilt, or null.
   */
  checkLive(): Promise<string | null> {
    return checkLiveSite(this.options.db, this.currentDir, this.log);
  }

  /**
   * What a server does once it listens: the first build (awaited), or else a warm renderer for
   * changes in the background; a rebuild when the live build is not of this database's content
   * (`rebuild`, see checkLive).
   */
  async start(rebuild: string | null): Promise<void> {
    if (!this.hasBuild()) {
      if (!rebuild) this.log("building the public site (first run)...");
      await this.now(rebuild ?? "first start");
    } else {
      void this.prepare(rebuild);
    }
  }

  /**
   * Compiles the pages in the background so the first change renders in milliseconds. When the
   * code has changed since the live build (a new release), or `rebuild` gives a reason (see
   * `checkLive`), that build is replaced instead.
   */
  async prepare(rebuild?: string | null): Promise<void> {
    if (!this.hasBuild() || this.passes.isWarm) return;
    // Another process may be rendering: wait for it, since a pass it cut short needs repair here.
    while (!(await this.lease.take())) {
      if (this.closed) return;
      await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
    }
    let ready: boolean | "stale";
    let interrupted: number;
    try {
      // A pass cut off mid-way (the process was killed) may have replaced only some pages.
      interrupted = await failInterruptedBuilds(this.options.db);
      ready = interrupted || rebuild ? "stale" : await this.passes.warmUp();
    } finally {
      await this.lease.release();
    }
    if (interrupted) await this.now("the previous update was interrupted");
    else if (rebuild) await this.now(rebuild);
    else if (ready === "stale") await this.now("the code changed since the live build");
  }

  private run(): Promise<boolean> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running ??= this.drain().finally(() => {
      this.running = null;
      // A change that arrived as the loop was finishing still gets its pass.
      if (this.pending() && !this.timer) this.schedule(0);
    });
    for (const wake of this.waiting.splice(0)) wake();
    return this.running;
  }

  private async drain(): Promise<boolean> {
    let live = false;
    while (this.pending()) {
      let outcome: Outcome;
      if (this.pendingFull || !this.hasBuild()) {
        const reason = addReason(this.pendingFull, this.pendingToolReasons.join("; ")) ?? "";
        // The full build reads a newer snapshot than every change queued so far.
        this.pendingFull = null;
        this.pendingTools = [];
        this.pendingTags = [];
        this.pendingRecords = [];
        this.pendingToolReasons = [];
        this.pendingReaders = [];
        outcome = await this.locked(() => this.passes.full(reason));
        if (outcome === "locked") this.markDirty(reason);
      } else {
        const tools = this.pendingTools;
        const tags = this.pendingTags;
        const records = this.pendingRecords;
        const readers = this.pendingReaders;
        const reason = this.pendingToolReasons.join("; ").slice(0, 500) || "readers of earlier changes";
        this.pendingTools = [];
        this.pendingTags = [];
        this.pendingRecords = [];
        this.pendingToolReasons = [];
        this.pendingReaders = [];
        outcome = await this.locked(() =>
          this.passes.incremental(
            reason,
            { tools, tags, records, readers },
            () => Boolean(this.pendingFull) || this.pendingReaders.length > 0,
            (left) => {
              if (!this.changeWaiting()) return false;
              this.pendingReaders.push(...left);
              return true;
            },
          ),
        );
        if (outcome === "locked") {
          this.pendingTools.unshift(...tools);
          this.pendingTags.unshift(...tags);
          this.pendingRecords.unshift(...records);
          this.pendingToolReasons.unshift(reason);
          this.pendingReaders.unshift(...readers);
          this.schedule(LOCK_RETRY_MS);
        }
        // Whatever went wrong, a full build puts every page right.
        if (outcome === "failed") this.pendingFull = addReason(this.pendingFull, `${reason} (after a failed pass)`);
      }
      // Another process holds the build lock: retry once it has had time to finish.
      if (outcome === "locked") break;
      live = outcome === "ok";
    }
    return live;
  }

  /** Whether a change waits for a pass. */
  private pending(): boolean {
    return this.changeWaiting() || this.pendingReaders.length > 0;
  }

  /** Whether a change reported since the running pass began waits for a pass. */
  private changeWaiting(): boolean {
    return Boolean(
      this.pendingFull || this.pendingTools.length || this.pendingTags.length || this.pendingRecords.length,
    );
  }

  /** Resolves once no pass is running (a scheduled one may still be waiting its debounce). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Resolves once no pass is running or scheduled: every change given so far is live (or its
   * pass failed). Unlike `idle`, it also waits out the debounce of changes not yet started.
   */
  async settled(): Promise<void> {
    for (;;) {
      if (this.running) await this.running;
      else if (this.timer) await new Promise<void>((wake) => this.waiting.push(wake));
      else return;
    }
  }

  /**
   * Resolves once the cards the last full build left pending are drawn (no background drain
   * runs), with how many the drain drew and how long it took.
   */
  cardsDrained(): Promise<DrainReport> {
    return this.passes.cardsDrained();
  }

  /** Stops the warm worker, the card drain and the scheduled rebuilds (the server is shutting down). */
  close(): void {
    this.closed = true;
    if (this.interval) clearInterval(this.interval);
    this.passes.stop();
  }

  private async locked(work: () => Promise<"ok" | "failed">): Promise<Outcome> {
    const outcome = await this.lease.run(work);
    if (outcome === null) this.log("site build deferred: another process is building");
    return outcome ?? "locked";
  }
}

/** Adds a change's reason to those already waiting for the next build (kept short for the log). */
function addReason(a: string | null, b: string): string | null {
  if (!b) return a;
  return (a ? `${a}; ${b}` : b).slice(0, 500);
}
