import { type ChildProcess, fork } from "node:child_process";
import { join } from "node:path";
import { renderEnv } from "../config/settings";
import { countPending, type DrainResult } from "./card-store";

const WORKER = join(import.meta.dirname, "card-drain-worker.ts");

/** What the drain did since it last went idle, and for how long it ran. */
export type DrainReport = DrainResult & { ms: number };

/**
 * Draws the cards a full build left pending once the build is live, in a child process of the
 * lowest priority (rebuild/card-drain-worker.ts): a cold build goes live after hashing, and its
 * cards follow. Until a card is drawn, the /cards route draws it when asked. One drain at a
 * time; a kick while it runs makes it look again once done (a build's new entries).
 */
export class CardDrain {
  private child: ChildProcess | null = null;
  private again = false;
  /** A kick is looking for pending entries (a second kick meanwhile makes it look again). */
  private looking = false;
  private stopped = false;
  private report: DrainReport = { drawn: 0, failed: 0, invalid: 0, ms: 0 };
  private started = 0;
  private waiting: ((report: DrainReport) => void)[] = [];

  constructor(
    private readonly env: { CARDS_DIR: string; MEDIA_DIR: string },
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Starts a drain when the store has pending entries (or looks again after the running one);
   * resolves once it has started, or found none.
   */
  async kick(): Promise<void> {
    if (this.stopped) return;
    if (this.child || this.looking) {
      this.again = true;
      return;
    }
    this.looking = true;
    let found = 0;
    try {
      do {
        this.again = false;
        found = await countPending(this.env.CARDS_DIR);
      } while (found === 0 && this.again);
    } catch (error) {
      // The /cards route still draws a pending card when asked; the next build kicks again.
      this.log(`card drain could not read the pending cards: ${String(error)}`);
    } finally {
      this.looking = false;
    }
    if (found === 0 || this.stopped) return;
    this.again = false;
    this.report = { drawn: 0, failed: 0, invalid: 0, ms: 0 };
    this.started = performance.now();
    this.run();
  }

  private run(): void {
    const child = fork(WORKER, [], {
      env: { ...process.env, ...renderEnv(this.env) },
      execArgv: [],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.child = child;
    let error = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      error = (error + chunk.toString()).slice(-2000);
    });
    child.on("message", (message: { type: string } & DrainResult) => {
      if (message.type !== "drained") return;
      this.report.drawn += message.drawn;
      this.report.failed += message.failed;
      this.report.invalid += message.invalid;
    });
    child.once("exit", (code) => {
      this.child = null;
      if (code !== 0 && !this.stopped) this.log(`card drain stopped (${code}): ${error}`);
      if (this.again && !this.stopped) {
        this.again = false;
        this.run();
        return;
      }
      this.report.ms = performance.now() - this.started;
      const { drawn, failed, invalid, ms } = this.report;
      if (drawn || failed || invalid)
        this.log(
          `cards drawn in the background: ${drawn} in ${Math.round(ms)} ms (${failed} failed, ${invalid} invalid)`,
        );
      for (const done of this.waiting.splice(0)) done(this.report);
    });
  }

  /** Resolves, with what it did, once no drain runs (at once when none does). */
  idle(): Promise<DrainReport> {
    if (!this.child) return Promise.resolve(this.report);
    return new Promise((done) => this.waiting.push(done));
  }

  /** Ends a running drain (the server is shutting down); its entries stay for the next one. */
  stop(): void {
    this.stopped = true;
    this.child?.kill("SIGTERM");
  }
}
