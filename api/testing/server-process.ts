import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

/** `npm start`'s server in a process of its own, on a free port of 127.0.0.1. */
export type ServerProcess = { child: ChildProcess; base: string; output: () => string };

const root = resolve(import.meta.dirname, "../..");
const running = new Set<ChildProcess>();

/**
 * Runs a TypeScript script of this repository in its own process, keeping what it prints.
 * `exited` resolves with that output; every such process is killed by `killAllServers`.
 */
export function spawnScript(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<string>((done) => child.once("exit", () => done(out)));
  return { child, output: () => out, exited };
}

/**
 * Starts the server on `dbFile` with test settings (no demo seed, no site builder unless `env`
 * says otherwise) and resolves once it listens.
 */
export function startServerProcess(
  dbFile: string,
  siteDir: string,
  secret: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const { child, output } = spawnScript("scripts/start.ts", [], {
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${dbFile}`,
    SITE_DIR: siteDir,
    SITE_BUILDER: "false",
    SEED_DEMO: "false",
    JWT_SECRET: secret,
    AUTH_RATE_LIMIT: "1000000",
    AUTH_ADDRESS_LIMIT: "1000000",
    AUTH_SIGNUP_LIMIT: "1000000",
    WRITE_RATE_LIMIT: "1000000",
    LOG_REQUESTS: "false",
    ...env,
  });
  return new Promise((resolvePromise, reject) => {
    child.stdout?.on("data", () => {
      const port = /AI Tools Directory on http:\/\/127\.0\.0\.1:(\d+)/.exec(output())?.[1];
      if (port) resolvePromise({ child, base: `http://127.0.0.1:${port}`, output });
    });
    child.once("exit", (code, signal) => reject(new Error(`server exited ${code ?? signal}: ${output()}`)));
  });
}

/**
 * Resolves with the process's output once it matches `pattern` (a line it prints, such as "site
 * built"); rejects if the process exits first.
 */
export function printed(proc: { child: ChildProcess; output: () => string }, pattern: RegExp): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const check = () => {
      if (!pattern.test(proc.output())) return false;
      proc.child.stdout?.off("data", onData);
      proc.child.stderr?.off("data", onData);
      proc.child.off("exit", onExit);
      resolvePromise(proc.output());
      return true;
    };
    // Each chunk is kept by spawnScript's listener first (registered earlier), then checked here.
    const onData = () => void check();
    const onExit = () => {
      if (!check()) reject(new Error(`exited before printing ${pattern}: ${proc.output()}`));
    };
    if (check()) return;
    proc.child.stdout?.on("data", onData);
    proc.child.stderr?.on("data", onData);
    proc.child.once("exit", onExit);
  });
}

/** Kills the server process with SIGKILL and waits until it is gone. */
export async function kill9(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await exited;
}

/** Kills every process this module started that is still running (for afterEach). */
export function killAllServers(): void {
  for (const child of running) child.kill("SIGKILL");
}
