import { type ChildProcess, fork } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Db } from "../db/client";
import { lockOwnerId, releaseBuildLock, renewBuildLock, takeBuildLock } from "../db/queries/build-lock";
import {
  type ContentVersion,
  contentVersion,
  failInterruptedBuilds,
  finishBuild,
  startBuild,
} from "../db/queries/builds";
import type { RenderScope } from "../lib/render-scope";
import type { WorkerReply, WorkerRequest } from "../scripts/site-worker";
import { type ChangedTool, planPages } from "./site-changes";
import { SITE_VERSION_FILE } from "./static";

export type BuilderOptions = {
  db: Db;
  /** Folder holding builds/<id>/ and the `current` link that is served. */
  siteDir: string;
  databaseUrl: string;
  debounceMs: number;
  /** Extra environment for the build (database auth token, public URL). */
  env?: Record<string, string | undefined>;
  log?: (message: string) => void;
};

/** A build lock not renewed for this long is free (its holder died on another machine). */
const LOCK_TTL_MS = 60_000;
const LOCK_RENEW_MS = LOCK_TTL_MS / 4;
/** How soon a pass that found another process rendering tries again. */
const LOCK_RETRY_MS = 1000;
/** Tool changes arriving this close together share one incremental pass. */
const INCREMENTAL_WINDOW_MS = 50;
/** Nothing renders for the warm-up build: it only compiles the pages. */
const NOTHING: RenderScope = { tools: [], categories: [], articles: [] };

type Outcome = "ok" | "failed" | "locked";

/**
 * Keeps the static site in step with the database.
 *
 * A full build regenerates everything into a fresh folder and swaps the `current` link to it
 * with one rename, so visitors see either the old site or the new one. The worker that built it
 * stays warm: a change to some tools then re-renders only the pages showing them, replacing
 * their files in the live folder one rename at a time. A lock row in the database lets one
 * process build at a time; changes arriving meanwhile are folded into the next pass.
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private pendingFull: string | null = null;
  private pendingTools: ChangedTool[] = [];
  private pendingToolReasons: string[] = [];
  private warm: RenderWorker | null = null;
  private readonly owner = lockOwnerId();
  private closed = false;
  /** A full build failed since the last one that went live: some changes are not rendered. */
  private fullBuildOwed = false;
  /** Callers of `settled` waiting for a scheduled pass to start. */
  private waiting: (() => void)[] = [];
  /** The process a full build runs in, while it runs (for operations and fault tests). */
  child: ChildProcess | null = null;

  constructor(private readonly options: BuilderOptions) {}

  get currentDir(): string {
    return join(this.options.siteDir, "current");
  }

  hasBuild(): boolean {
    return existsSync(join(this.currentDir, "index.html"));
  }

  /** Schedules a full rebuild after the debounce window; repeated changes collapse into one. */
  markDirty(reason: string): void {
    this.pendingFull = join2(this.pendingFull, reason);
    this.schedule(this.options.debounceMs);
  }

  /** Re-renders the pages showing these tools (before and after the change) at once. */
  toolsChanged(reason: string, tools: ChangedTool[]): void {
    this.pendingTools.push(...tools);
    this.pendingToolReasons.push(reason);
    this.schedule(Math.min(INCREMENTAL_WINDOW_MS, this.options.debounceMs));
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
    this.pendingFull = join2(this.pendingFull, reason);
    return this.run();
  }

  /**
   * What a server checks before it serves: whether the live build was made from this database
   * and from its present content (the version file written with each build). A build of another
   * database (a new DATABASE_URL) would show another directory: it is taken offline, so the site
   * answers 503 until the rebuild is live. A build of an older or newer state of this database (a
   * restored backup, changes a stopped server never rendered) stays live while it is rebuilt.
   * Returns why the site must be rebuilt, or null when the live build is current (or absent).
   */
  async checkLive(): Promise<string | null> {
    if (!this.hasBuild()) return null;
    const log = this.options.log ?? console.log;
    const live = readVersion(this.currentDir);
    const now = await contentVersion(this.options.db);
    if (live?.database && live.database !== now.database) {
      log(
        `the live site was built from another database (${live.database}; this one is ${now.database}): ` +
          "taken offline and rebuilt before serving",
      );
      takeOffline(this.currentDir);
      return "the live site came from another database";
    }
    if (!live?.database) {
      log("the live site does not record which database it was built from: rebuilding, serving it meanwhile");
      return "the live site did not record its database";
    }
    if (live.content !== now.content) {
      log("the database changed since the live site was built (a restored backup?): rebuilding, serving it meanwhile");
      return "the database changed since the live build";
    }
    return null;
  }

  /**
   * Compiles the pages in the background so the first change renders in milliseconds. When the
   * code has changed since the live build (a new release), or `rebuild` gives a reason (see
   * `checkLive`), that build is replaced instead.
   */
  async prepare(rebuild?: string | null): Promise<void> {
    if (!this.hasBuild() || this.warm) return;
    // Another process may be rendering: wait for it, since a pass it cut short needs repair here.
    while (!(await this.acquireLock())) {
      if (this.closed) return;
      await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
    }
    let ready: boolean | "stale";
    let interrupted: number;
    try {
      // A pass cut off mid-way (the process was killed) may have replaced only some pages.
      interrupted = await failInterruptedBuilds(this.options.db);
      ready = interrupted || rebuild ? "stale" : await this.warmUp();
    } finally {
      await this.releaseLock();
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
      if ((this.pendingFull || this.pendingTools.length) && !this.timer) this.schedule(0);
    });
    for (const wake of this.waiting.splice(0)) wake();
    return this.running;
  }

  private async drain(): Promise<boolean> {
    let live = false;
    while (this.pendingFull || this.pendingTools.length) {
      let outcome: Outcome;
      if (this.pendingFull || !this.hasBuild()) {
        const reason = join2(this.pendingFull, this.pendingToolReasons.join("; ")) ?? "";
        // The full build reads a newer snapshot than every change queued so far.
        this.pendingFull = null;
        this.pendingTools = [];
        this.pendingToolReasons = [];
        outcome = await this.locked(() => this.fullBuild(reason));
        if (outcome === "locked") this.markDirty(reason);
      } else {
        const tools = this.pendingTools;
        const reason = this.pendingToolReasons.join("; ").slice(0, 500);
        this.pendingTools = [];
        this.pendingToolReasons = [];
        outcome = await this.locked(() => this.incremental(reason, tools));
        if (outcome === "locked") {
          this.pendingTools.unshift(...tools);
          this.pendingToolReasons.unshift(reason);
          this.schedule(LOCK_RETRY_MS);
        }
        // Whatever went wrong, a full build puts every page right.
        if (outcome === "failed") this.pendingFull = join2(this.pendingFull, `${reason} (after a failed pass)`);
      }
      // Another process holds the build lock: retry once it has had time to finish.
      if (outcome === "locked") break;
      live = outcome === "ok";
    }
    return live;
  }

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

  /** Stops the warm worker (the server is shutting down). */
  close(): void {
    this.closed = true;
    this.warm?.stop();
    this.warm = null;
  }

  private async locked(work: () => Promise<"ok" | "failed">): Promise<Outcome> {
    if (!(await this.acquireLock())) {
      (this.options.log ?? console.log)("site build deferred: another process is building");
      return "locked";
    }
    // A build of a large directory outlasts the lease: keep it renewed while the work runs.
    const renew = setInterval(() => void renewBuildLock(this.options.db, this.owner).catch(() => {}), LOCK_RENEW_MS);
    try {
      return await work();
    } finally {
      clearInterval(renew);
      await this.releaseLock();
    }
  }

  private acquireLock(): Promise<boolean> {
    return takeBuildLock(this.options.db, this.owner, LOCK_TTL_MS, Date.now(), (from) =>
      (this.options.log ?? console.log)(`build lock taken over from ${from}, which no longer runs`),
    );
  }

  private releaseLock(): Promise<void> {
    return releaseBuildLock(this.options.db, this.owner);
  }

  private workerEnv(): Record<string, string | undefined> {
    return { ...this.options.env, DATABASE_URL: absoluteFileUrl(this.options.databaseUrl) };
  }

  private startWorker(): RenderWorker {
    return new RenderWorker(this.workerEnv());
  }

  private async fullBuild(reason: string): Promise<"ok" | "failed"> {
    const { db, siteDir, log = console.log } = this.options;
    const started = Date.now();
    const buildId = await startBuild(db, reason);
    // Read before the renderer opens its snapshot: the build holds at least this content.
    const version = await contentVersion(db);
    const buildsDir = resolve(siteDir, "builds");
    const outDir = join(buildsDir, `${started}-${buildId}`);
    mkdirSync(buildsDir, { recursive: true });
    const worker = this.startWorker();
    this.child = worker.process;
    try {
      const reply = await worker.request({ type: "build", outDir });
      if (reply.type !== "built") throw new Error(reply.type === "failed" ? reply.error : "unexpected reply");
      writeVersion(outDir, version);
      swapLink(this.currentDir, outDir);
      this.replaceWarm(worker);
      await finishBuild(db, buildId, { outcome: "ok", pages: reply.pages, durationMs: Date.now() - started });
      this.fullBuildOwed = false;
      log(`site built: ${reply.pages} pages in ${Date.now() - started} ms (${reason})`);
      pruneBuilds(buildsDir, outDir);
      return "ok";
    } catch (error) {
      worker.stop();
      this.fullBuildOwed = true;
      rmSync(outDir, { recursive: true, force: true });
      await finishBuild(db, buildId, { outcome: "failed", error: String(error), durationMs: Date.now() - started });
      log(`site build failed: ${String(error).slice(0, 2000)}`);
      return "failed";
    } finally {
      this.child = null;
    }
  }

  private replaceWarm(worker: RenderWorker): void {
    this.warm?.stop();
    this.warm = worker;
    worker.process.once("exit", () => {
      if (this.warm === worker) this.warm = null;
    });
  }

  /**
   * Compiles the pages without rendering any, so this process can render changes into the live
   * build. If the compiled assets differ from the live build's (the code changed since it was
   * built), only a full build can make them match.
   */
  private async warmUp(): Promise<boolean | "stale"> {
    const outDir = resolve(this.options.siteDir, "builds", `.warm-${Date.now()}`);
    const worker = this.startWorker();
    try {
      const reply = await worker.request({ type: "build", outDir, scope: NOTHING });
      if (reply.type !== "built") throw new Error(reply.type === "failed" ? reply.error : "unexpected reply");
      const live = new Set(safeList(join(this.currentDir, "_astro")));
      if (!safeList(join(outDir, "_astro")).every((file) => live.has(file))) {
        worker.stop();
        return "stale";
      }
      this.replaceWarm(worker);
      (this.options.log ?? console.log)("site renderer ready: changes to tools go live in place");
      return true;
    } catch (error) {
      worker.stop();
      (this.options.log ?? console.log)(`site renderer failed to start: ${String(error).slice(0, 2000)}`);
      return false;
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  private async incremental(reason: string, tools: ChangedTool[]): Promise<"ok" | "failed"> {
    const { db, log = console.log } = this.options;
    if (!this.warm && (await this.warmUp()) !== true) return this.fullBuild(reason);
    const worker = this.warm;
    if (!worker) return "failed";
    const started = Date.now();
    const buildId = await startBuild(db, `incremental: ${reason}`);
    try {
      const version = await contentVersion(db);
      const dir = realpathSync(this.currentDir);
      const plan = await planPages(db, tools, (slug) => existsSync(join(dir, "tool", slug, "index.html")));
      const reply = await worker.request({ type: "render", dir, ...plan });
      if (reply.type !== "rendered") throw new Error(reply.type === "failed" ? reply.error : "unexpected reply");
      // Every server process drops its in-memory copy of the site when this file changes. With a
      // full build still to come or failed (a category, an article), not all content is rendered:
      // the file keeps the version it had, so a restart before that build rebuilds.
      const behind = this.pendingFull || this.fullBuildOwed;
      writeVersion(dir, behind ? (readVersion(dir) ?? { database: "", content: "" }) : version);
      const pages = reply.written + reply.removed;
      await finishBuild(db, buildId, { outcome: "ok", pages, durationMs: Date.now() - started });
      log(`site updated: ${pages} pages in ${Date.now() - started} ms (${reason})`);
      return "ok";
    } catch (error) {
      await finishBuild(db, buildId, { outcome: "failed", error: String(error), durationMs: Date.now() - started });
      log(`site update failed: ${String(error).slice(0, 2000)}`);
      return "failed";
    }
  }
}

function join2(a: string | null, b: string): string | null {
  if (!b) return a;
  return (a ? `${a}; ${b}` : b).slice(0, 500);
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** The site renderer child process (scripts/site-worker.ts): one request at a time. */
class RenderWorker {
  readonly process: ChildProcess;
  private output = "";

  /**
   * Each renderer works in a folder of its own inside the project: Astro writes a build's server
   * bundle into `.astro/` of the working directory (the output's own folder would be outside the
   * project for a SITE_DIR elsewhere, where the bundle's imports find no node_modules), and two
   * builds sharing one, in other processes or tests side by side, would overwrite each other's.
   */
  constructor(env: Record<string, string | undefined>) {
    const cwd = renderersDir();
    this.process = fork(join(root, "scripts/site-worker.ts"), [], {
      cwd,
      // Production from the first import on, as `astro build` sets it: modules that read it
      // when loaded (React among them) otherwise keep their slow development checks.
      env: { ...process.env, ...env, NODE_ENV: "production" },
      // Plain Node (it strips the types itself): a loader hook would slow every module the build loads.
      execArgv: [],
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-8000);
    };
    this.process.stdout?.on("data", keep);
    this.process.stderr?.on("data", keep);
    this.process.once("exit", () => rmSync(cwd, { recursive: true, force: true }));
  }

  request(message: WorkerRequest): Promise<WorkerReply> {
    return new Promise((resolvePromise, reject) => {
      const onMessage = (reply: WorkerReply) => {
        cleanup();
        resolvePromise(reply);
      };
      const onExit = (code: number | null, signal: string | null) => {
        cleanup();
        reject(new Error(`site renderer exited ${code ?? signal}: ${this.output}`));
      };
      const cleanup = () => {
        this.process.off("message", onMessage);
        this.process.off("exit", onExit);
      };
      this.process.on("message", onMessage);
      this.process.on("exit", onExit);
      this.process.send(message);
    });
  }

  stop(): void {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill("SIGTERM");
  }
}

/**
 * Writes a build's version file (SITE_VERSION_FILE, replaced by a rename): the database and
 * content version it shows, and when it was written.
 */
function writeVersion(dir: string, version: ContentVersion): void {
  const file = join(dir, SITE_VERSION_FILE);
  const body = { database: version.database, content: version.content, written_at: new Date().toISOString() };
  writeFileSync(`${file}.tmp`, `${JSON.stringify(body)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** A build's version file, or null when it has none (or one from before it recorded versions). */
function readVersion(dir: string): ContentVersion | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dir, SITE_VERSION_FILE), "utf8")) as Partial<ContentVersion>;
    return { database: String(parsed.database ?? ""), content: String(parsed.content ?? "") };
  } catch {
    return null;
  }
}

/** Stops serving the live build: the `current` link goes (the build's folder stays until pruned). */
function takeOffline(link: string): void {
  if (lstatSync(link).isSymbolicLink()) unlinkSync(link);
  else renameSync(link, `${link}.offline-${Date.now()}`);
}

let renderers = 0;

/**
 * A fresh working folder for a renderer, under `.astro/renderers/` of the project; folders left
 * by processes that no longer run (killed mid-build) are removed on the way.
 */
function renderersDir(): string {
  const parent = join(root, ".astro", "renderers");
  for (const name of safeList(parent)) {
    const pid = Number(name.split("-")[0]);
    if (pid && pid !== process.pid && !processRuns(pid)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const dir = join(parent, `${process.pid}-${++renderers}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A relative `file:` database URL made absolute (the renderer runs in another directory). */
function absoluteFileUrl(url: string): string {
  if (!url.startsWith("file:") || url.startsWith("file://") || url.startsWith("file::")) return url;
  const [path = "", query] = url.slice("file:".length).split("?");
  return `file:${resolve(path)}${query === undefined ? "" : `?${query}`}`;
}

/** Points `link` at `target` atomically: a new link is made beside it and renamed over it. */
function swapLink(link: string, target: string): void {
  const temp = `${link}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  symlinkSync(target, temp, "dir");
  renameSync(temp, link);
}

/** Keeps the live build and the one before it (a request may still be reading it). */
function pruneBuilds(buildsDir: string, live: string): void {
  let previous: string | null = null;
  const entries = readdirSync(buildsDir)
    .filter((name) => !name.startsWith("."))
    .sort();
  const keep = new Set([basename(live)]);
  for (const name of entries) if (name !== basename(live)) previous = name;
  if (previous) keep.add(previous);
  for (const name of entries) {
    if (!keep.has(name)) rmSync(join(buildsDir, name), { recursive: true, force: true });
  }
}

export function currentTarget(link: string): string | null {
  try {
    return readlinkSync(link);
  } catch {
    return null;
  }
}
