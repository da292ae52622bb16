import { type ChildProcess, fork } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { WorkerReply, WorkerRequest } from "./messages";
import { listDir } from "./output";

const root = resolve(import.meta.dirname, "..");
const WORKER = join(import.meta.dirname, "worker.ts");

/** A render worker child process (rebuild/worker.ts): one request at a time. */
export class RenderWorker {
  readonly process: ChildProcess;
  private output = "";

  /**
   * Forks the worker with `env` added to this process's environment. Each renderer works in a
   * folder of its own inside the project: Astro writes a build's server bundle into `.astro/` of
   * the working directory (the output's own folder would be outside the project for a SITE_DIR
   * elsewhere, where the bundle's imports find no node_modules), and two builds sharing one, in
   * other processes or tests side by side, would overwrite each other's.
   */
  constructor(env: Record<string, string | undefined>) {
    const cwd = renderersDir();
    this.process = fork(WORKER, [], {
      cwd,
      // Production from the first import on, as `astro build` sets it: modules that read it
      // when loaded (React among them) otherwise keep their slow development checks.
      // The bundler's allocator (mimalloc) otherwise keeps what compiling freed, for reuse the
      // pages never make: returned at once, a renderer peaks about 80 MB lower.
      env: { MIMALLOC_PURGE_DELAY: "0", ...process.env, ...env, NODE_ENV: "production" },
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

  /** Sends one request; rejects, with the worker's last output, if it exits before replying. */
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

  /** Ends the worker if it still runs; resolves once it has exited. */
  stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((done) => this.process.once("exit", () => done()));
    this.process.kill("SIGTERM");
    return exited;
  }
}

/** A relative `file:` database URL made absolute (the renderer runs in another directory). */
export function absoluteFileUrl(url: string): string {
  if (!url.startsWith("file:") || url.startsWith("file://") || url.startsWith("file::")) return url;
  const [path = "", query] = url.slice("file:".length).split("?");
  return `file:${resolve(path)}${query === undefined ? "" : `?${query}`}`;
}

let renderers = 0;

/**
 * A fresh working folder for a renderer, under `.astro/renderers/` of the project; folders left
 * by processes that no longer run (killed mid-build) are removed on the way.
 */
function renderersDir(): string {
  const parent = join(root, ".astro", "renderers");
  for (const name of listDir(parent)) {
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
