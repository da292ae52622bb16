import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Db } from "../db/client";
import { finishBuild, startBuild } from "../db/queries/builds";
import { precompress } from "./precompress";

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

const LOCK_KEY = "build_lock";
const LOCK_TTL_MS = 15 * 60 * 1000;

/**
 * Regenerates the static site into a fresh folder and swaps the `current` link to it with one
 * rename, so visitors see either the old site or the new one, never a half-written one. A lock
 * row in the database lets only one process build at a time; changes arriving meanwhile are
 * folded into one follow-up build.
 */
export class SiteBuilder {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<boolean> | null = null;
  private pending: string | null = null;
  private readonly owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  /** The running build process, if any (visible for operations and fault tests). */
  child: ChildProcess | null = null;

  constructor(private readonly options: BuilderOptions) {}

  get currentDir(): string {
    return join(this.options.siteDir, "current");
  }

  hasBuild(): boolean {
    return existsSync(join(this.currentDir, "index.html"));
  }

  /** Schedules a rebuild after the debounce window; repeated changes collapse into one build. */
  markDirty(reason: string): void {
    this.pending = this.pending ? `${this.pending}; ${reason}`.slice(0, 500) : reason;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.now("");
    }, this.options.debounceMs);
    this.timer.unref?.();
  }

  /**
   * Builds now, or right after the running build: changes that arrive during a build are folded
   * into one follow-up build. Resolves true when a build including `reason` is live.
   */
  async now(reason: string): Promise<boolean> {
    if (reason) this.pending = this.pending ? `${this.pending}; ${reason}`.slice(0, 500) : reason;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running ??= this.drain().finally(() => {
      this.running = null;
      // A change that arrived as the loop was finishing still gets its build.
      if (this.pending && !this.timer) void this.now("");
    });
    return this.running;
  }

  private async drain(): Promise<boolean> {
    let live = false;
    while (this.pending) {
      const reason = this.pending;
      this.pending = null;
      const outcome = await this.build(reason);
      live = outcome === "ok";
      // Another process holds the build lock: try again once it has had time to finish.
      if (outcome === "locked") {
        this.markDirty(reason);
        break;
      }
    }
    return live;
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async acquireLock(): Promise<boolean> {
    const now = Date.now();
    const result = await this.options.db.$client.execute({
      sql: `INSERT INTO site_state (key, value, updated_at) VALUES (?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
            WHERE site_state.value = '' OR site_state.updated_at < ?`,
      args: [LOCK_KEY, this.owner, new Date(now).toISOString(), new Date(now - LOCK_TTL_MS).toISOString()],
    });
    return result.rowsAffected > 0;
  }

  private async releaseLock(): Promise<void> {
    await this.options.db.$client.execute({
      sql: "UPDATE site_state SET value = '' WHERE key = ? AND value = ?",
      args: [LOCK_KEY, this.owner],
    });
  }

  private async build(reason: string): Promise<"ok" | "failed" | "locked"> {
    const { db, siteDir, log = console.log } = this.options;
    if (!(await this.acquireLock())) {
      log("site build deferred: another process is building");
      return "locked";
    }
    const started = Date.now();
    const buildId = await startBuild(db, reason);
    const buildsDir = resolve(siteDir, "builds");
    const outDir = join(buildsDir, `${started}-${buildId}`);
    mkdirSync(buildsDir, { recursive: true });
    try {
      await runAstroBuild(outDir, { ...this.options.env, DATABASE_URL: this.options.databaseUrl }, (child) => {
        this.child = child;
      });
      this.child = null;
      const pages = countPages(outDir);
      precompress(outDir);
      swapLink(this.currentDir, outDir);
      await finishBuild(db, buildId, { outcome: "ok", pages, durationMs: Date.now() - started });
      log(`site built: ${pages} pages in ${Date.now() - started} ms (${reason})`);
      pruneBuilds(buildsDir, outDir);
      return "ok";
    } catch (error) {
      this.child = null;
      rmSync(outDir, { recursive: true, force: true });
      await finishBuild(db, buildId, { outcome: "failed", error: String(error), durationMs: Date.now() - started });
      log(`site build failed: ${String(error).slice(0, 2000)}`);
      return "failed";
    } finally {
      await this.releaseLock();
    }
  }
}

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");

function runAstroBuild(
  outDir: string,
  env: Record<string, string | undefined>,
  onSpawn: (child: ChildProcess) => void,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [join(root, "node_modules/astro/bin/astro.mjs"), "build", "--silent"], {
      cwd: root,
      env: { ...process.env, ...env, SITE_OUT_DIR: outDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    onSpawn(child);
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`astro build exited ${code ?? signal}: ${output}`)),
    );
  });
}

function countPages(dir: string): number {
  let pages = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith(".html")) pages++;
  }
  return pages;
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
  const entries = readdirSync(buildsDir).sort();
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
