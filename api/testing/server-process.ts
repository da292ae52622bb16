import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

/** `npm start`'s server in a process of its own, on a free port of 127.0.0.1. */
export type ServerProcess = { child: ChildProcess; base: string; output: () => string };

const root = resolve(import.meta.dirname, "../..");
const running = new Set<ChildProcess>();

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
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${dbFile}`,
      SITE_DIR: siteDir,
      SITE_BUILDER: "false",
      SEED_DEMO: "false",
      JWT_SECRET: secret,
      AUTH_RATE_LIMIT: "1000000",
      LOG_REQUESTS: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let out = "";
  return new Promise((resolvePromise, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const port = /AI Tools Directory on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)?.[1];
      if (port) resolvePromise({ child, base: `http://127.0.0.1:${port}`, output: () => out });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once("exit", (code, signal) => reject(new Error(`server exited ${code ?? signal}: ${out}`)));
  });
}

/** Kills the server (and, with several processes, the whole group's primary) with SIGKILL. */
export async function kill9(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await exited;
}

/** Kills every server this module started that is still running (for afterEach). */
export function killAllServers(): void {
  for (const child of running) child.kill("SIGKILL");
}
